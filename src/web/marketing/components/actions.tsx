import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost';

interface ActionProps {
  children: ReactNode;
  variant?: Variant;
  size?: 'md' | 'lg';
  className?: string;
}

/** Sign-up and sign-in are full-page navigations to the server, never client routes. */
export function SignUpLink({ children, variant = 'primary', size = 'lg', className }: ActionProps) {
  return (
    <a href="/api/login" className={buttonClasses(variant, size, className)}>
      {children}
    </a>
  );
}

/** Scrolls to a section of the current page. */
export function ScrollLink({
  to,
  children,
  variant = 'outline',
  size = 'lg',
  className,
}: ActionProps & { to: string }) {
  return (
    <a href={`#${to}`} className={buttonClasses(variant, size, className)}>
      {children}
    </a>
  );
}

/** A client-side route styled as a button. */
export function PageLink({
  href,
  children,
  variant = 'outline',
  size = 'lg',
  className,
}: ActionProps & { href: string }) {
  return (
    <Link href={href} className={buttonClasses(variant, size, className)}>
      {children}
    </Link>
  );
}
