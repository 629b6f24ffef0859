import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** `true` and `false` render as a labelled tick or dash; text renders as is. */
export type Cell = ReactNode | boolean;

export interface ComparisonRow {
  label: string;
  values: Cell[];
}

function CellContent({ value }: { value: Cell }) {
  if (value === true) {
    return (
      <>
        <Check aria-hidden="true" className="mx-auto h-5 w-5 text-emerald-600" />
        <span className="sr-only">Yes</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus aria-hidden="true" className="mx-auto h-5 w-5 text-slate-400" />
        <span className="sr-only">No</span>
      </>
    );
  }
  return <>{value}</>;
}

/**
 * A real table with a caption and header scopes. On narrow screens it scrolls sideways inside
 * a focusable region, so keyboard users can scroll it too.
 */
export function ComparisonTable({
  caption,
  columns,
  rows,
  highlight,
}: {
  caption: string;
  /** Column headings after the first (row label) column. */
  columns: string[];
  rows: ComparisonRow[];
  /** Index into `columns` of the column to emphasise. */
  highlight?: number;
}) {
  return (
    <>
      {columns.length > 2 ? (
        <p className="mb-2 text-sm text-slate-500 sm:hidden">
          Scroll the table sideways to see every column.
        </p>
      ) : null}
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <table
          className={cn(
            'w-full border-collapse text-left text-sm sm:text-base',
            columns.length > 2 && 'min-w-[36rem]',
          )}
        >
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50">
              <th
                scope="col"
                className="sticky left-0 bg-slate-50 sm:static px-3 py-3 sm:px-4 font-semibold text-slate-900"
              >
                <span className="sr-only">Feature</span>
              </th>
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={cn(
                    'px-3 py-3 sm:px-4 text-center font-semibold text-slate-900',
                    index === highlight && 'bg-brand-50 text-brand-700',
                  )}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-slate-100 last:border-0">
                <th
                  scope="row"
                  className="sticky left-0 bg-white px-3 py-3 sm:px-4 font-medium text-slate-900 sm:static"
                >
                  {row.label}
                </th>
                {row.values.map((value, index) => (
                  <td
                    key={index}
                    className={cn(
                      'px-3 py-3 sm:px-4 text-center text-slate-600',
                      index === highlight && 'bg-brand-50/50 font-medium text-slate-800',
                    )}
                  >
                    <CellContent value={value} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
