import { Link } from 'wouter';
import { Badge } from '../../components/ui/badge';
import { PageHero } from '../components/page-hero';
import { PUBLIC_PAGES, type SitemapGroup } from '../public-pages';

interface SitemapEntry {
  href: string;
  label: string;
  loginRequired?: boolean;
}

const GROUPS: SitemapGroup[] = [
  'Main Pages',
  'Guides',
  'Use Cases',
  'File Format Guides',
  'Comparisons',
];

/** Pages outside the public registry: the home page and the signed-in areas. */
const APP_ENTRIES: SitemapEntry[] = [
  { href: '/', label: 'Home' },
  { href: '/', label: 'Dashboard', loginRequired: true },
  { href: '/upgrade', label: 'Upgrade', loginRequired: true },
];

function entriesFor(group: SitemapGroup): SitemapEntry[] {
  const pages = PUBLIC_PAGES.filter((page) => page.group === group && page.path !== '/sitemap').map(
    (page) => ({ href: page.path, label: page.label }),
  );
  return group === 'Main Pages' ? [...APP_ENTRIES, ...pages] : pages;
}

export default function SitemapPage() {
  return (
    <main>
      <PageHero
        title="Sitemap"
        subtitle="Every page on our website in one place: the product, guides, use cases, file formats and comparisons."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        {GROUPS.map((group) => {
          const headingId = `sitemap-${group.toLowerCase().replaceAll(' ', '-')}`;
          return (
            <section key={group} aria-labelledby={headingId}>
              <h2 id={headingId} className="text-xl font-semibold text-slate-900">
                {group}
              </h2>
              <ul className="mt-4 space-y-3">
                {entriesFor(group).map((entry) => (
                  <li key={entry.label} className="flex flex-wrap items-center gap-2">
                    <Link
                      href={entry.href}
                      className="text-brand-700 underline-offset-2 hover:text-brand-600 hover:underline"
                    >
                      {entry.label}
                    </Link>
                    {entry.loginRequired ? <Badge tone="neutral">Login Required</Badge> : null}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </main>
  );
}
