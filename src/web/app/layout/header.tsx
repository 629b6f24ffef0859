import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../core/api/account';
import { LinkButton } from '../../components/ui/button';
import { useAuth } from '../../features/auth/use-auth';
import { Brand } from './brand';
import { useDismiss } from './use-dismiss';
import { UserAvatar } from './user-avatar';

// Only signed-in users see the dropdown: its code (Radix menu, positioning) stays out of the
// first chunk every public page loads. Until it arrives, the avatar shows without the menu.
const UserMenu = lazy(() => import('./user-menu'));

interface NavLink {
  href: string;
  label: string;
}

function signedInLinks(user: CurrentUser): NavLink[] {
  const links = [
    { href: '/', label: 'Dashboard' },
    { href: '/transcriptions', label: 'My Transcriptions' },
    { href: '/teams', label: 'Teams' },
  ];
  if (!user.isPaid) links.push({ href: '/upgrade', label: 'Upgrade' });
  return links;
}

const SIGNED_OUT_DESKTOP: NavLink[] = [
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/about', label: 'About' },
];
const SIGNED_OUT_MOBILE: NavLink[] = [
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
];

const linkClasses = 'text-sm font-medium text-slate-700 hover:text-brand-700';

/** `isLandingPage` exists in the spec but changes nothing visible. */
export function Header(_props: { isLandingPage?: boolean }) {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(menuOpen, headerRef, () => setMenuOpen(false), toggleRef);
  const desktopLinks = user ? signedInLinks(user) : SIGNED_OUT_DESKTOP;
  const mobileLinks = user
    ? [
        ...signedInLinks(user),
        { href: '/account', label: 'Account settings' },
        ...(user.isAdmin ? [{ href: '/admin', label: 'Admin' }] : []),
      ]
    : SIGNED_OUT_MOBILE;

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {desktopLinks.map((link) => (
            <Link key={link.href} href={link.href} className={linkClasses}>
              {link.label}
            </Link>
          ))}
          {user ? (
            <Suspense fallback={<UserAvatar user={user} />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <LinkButton href="/api/login" size="sm">
              Sign In
            </LinkButton>
          )}
        </nav>
        <button
          ref={toggleRef}
          type="button"
          className="rounded p-2 text-slate-700 md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
        </button>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-slate-200 px-4 py-3 md:hidden"
        >
          {user ? (
            <div className="mb-2 border-b border-slate-100 pb-2">
              <p className="text-sm font-semibold text-slate-900">{user.username}</p>
              <p className="text-xs text-slate-500">{user.email}</p>
            </div>
          ) : null}
          <ul className="flex flex-col gap-1">
            {mobileLinks.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={`${linkClasses} block py-2`}
                  onClick={() => setMenuOpen(false)}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a href={user ? '/api/logout' : '/api/login'} className={`${linkClasses} block py-2`}>
                {user ? 'Sign out' : 'Sign In'}
              </a>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
