import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { signUpHref } from '../../lib/sign-up-href';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'outline-on-dark';

interface ActionProps {
  children: ReactNode;
  variant?: Variant;
  size?: 'md' | 'lg';
  className?: string;
}

const onDarkClasses =
  'inline-flex items-center justify-center gap-2 rounded-md border border-white/70 font-medium text-white transition-colors hover:bg-white/10';
const onDarkSizes = { md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' };

/** Button classes, plus a white outline for the brand-coloured call-to-action band. */
function actionClasses(variant: Variant, size: 'md' | 'lg', className?: string) {
  if (variant === 'outline-on-dark') return cn(onDarkClasses, onDarkSizes[size], className);
  return buttonClasses(variant, size, className);
}

/** Sign-up is a full-page navigation to the sign-in page in its sign-up mode, never a client route. */
export function SignUpLink({
  children,
  variant = 'primary',
  size = 'lg',
  className,
  returnTo,
}: ActionProps & { returnTo?: string }) {
  return (
    <a href={signUpHref(returnTo)} className={actionClasses(variant, size, className)}>
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
    <a href={`#${to}`} className={actionClasses(variant, size, className)}>
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
    <Link href={href} className={actionClasses(variant, size, className)}>
      {children}
    </Link>
  );
}
