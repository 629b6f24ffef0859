import { Link } from 'wouter';
import { useSiteInfo } from '../use-site-info';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600';

/**
 * The operator's contact address as a mail link, for sentences such as "Contact us via ...".
 * Until the address is known (and in prerendered HTML), or when none is configured, it links
 * to the contact page instead, so the sentence still reads.
 */
export function ContactEmail({ fallback = 'our contact page' }: { fallback?: string }) {
  const site = useSiteInfo();
  const email = site.status === 'ready' ? site.info.contactEmail : null;
  if (email) {
    return (
      <a href={`mailto:${email}`} className={linkClasses}>
        {email}
      </a>
    );
  }
  return (
    <Link href="/contact" className={linkClasses}>
      {fallback}
    </Link>
  );
}
