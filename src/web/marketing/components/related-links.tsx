import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { PUBLIC_PAGES } from '../public-pages';

/** "Keep reading" links between guides, labelled from the page registry. */
export function RelatedLinks({ paths }: { paths: string[] }) {
  const pages = paths.flatMap((path) => PUBLIC_PAGES.filter((page) => page.path === path));
  return (
    <nav aria-label="Related guides" className="bg-slate-50 px-4 py-12 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 className="text-xl font-semibold text-slate-900">Keep reading</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {pages.map((page) => (
            <li key={page.path}>
              <Link
                href={page.path}
                className="group block h-full rounded-xl border border-slate-200 bg-white p-5 transition-colors hover:border-brand-500"
              >
                <span className="flex items-center gap-2 font-semibold text-slate-900 group-hover:text-brand-700">
                  {page.label}
                  <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0" />
                </span>
                <span className="mt-1 line-clamp-3 block text-sm text-slate-600">
                  {page.description}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
