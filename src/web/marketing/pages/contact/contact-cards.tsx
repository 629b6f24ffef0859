import { Mail, MapPin, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPPORT_HOURS } from '../../../../core/product';
import { Badge } from '../../../components/ui/badge';
import { useSiteInfo, type SiteInfo } from '../../use-site-info';

const linkClasses =
  'font-medium break-words text-brand-700 underline underline-offset-2 hover:text-brand-600';

function ContactCard({
  icon: Icon,
  title,
  badge,
  children,
}: {
  icon: LucideIcon;
  title: string;
  badge?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
          {title}
          {badge ? <Badge>{badge}</Badge> : null}
        </h3>
        <div className="mt-1 space-y-1 text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/** `undefined` while loading, `null` when the operator has not configured the detail. */
function detail(
  info: SiteInfo | null,
  key: keyof SiteInfo,
  loading: boolean,
): string | null | undefined {
  if (loading) return undefined;
  return info ? info[key] : null;
}

/** Email, phone, live chat and office. Details come from the operator's configuration. */
export function ContactCards() {
  const site = useSiteInfo();
  const loading = site.status === 'loading';
  const info = site.status === 'ready' ? site.info : null;
  const email = detail(info, 'contactEmail', loading);
  const phone = detail(info, 'contactPhone', loading);
  const office = detail(info, 'officeAddress', loading);

  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      <ContactCard icon={Mail} title="Email Support">
        <p>For questions about transcripts, your account or billing.</p>
        <p>
          {email ? (
            <a href={`mailto:${email}`} className={linkClasses}>
              {email}
            </a>
          ) : (
            <a href="#contact-form" className={linkClasses}>
              Email us through the form below
            </a>
          )}
        </p>
      </ContactCard>

      <ContactCard icon={Phone} title="Phone Support">
        <p>{SUPPORT_HOURS}</p>
        <p>
          {phone ? (
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClasses}>
              {phone}
            </a>
          ) : phone === null ? (
            'Phone support is not available at the moment; please email us instead.'
          ) : (
            'Call us during support hours.'
          )}
        </p>
      </ContactCard>

      <ContactCard icon={MessageCircle} title="Live Chat" badge="Pro">
        <p>For Pro subscribers, during support hours.</p>
        <p>Live chat is coming soon. Until then, Pro subscribers can reach us by email or phone.</p>
      </ContactCard>

      <ContactCard icon={MapPin} title="Office">
        {office ? (
          <address className="not-italic whitespace-pre-line">{office}</address>
        ) : office === null ? (
          <p>
            We do not publish a visiting address. Email or phone is the fastest way to reach us.
          </p>
        ) : null}
        {office !== null ? <p>Visits by appointment only; please email us first.</p> : null}
      </ContactCard>
    </ul>
  );
}
