import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Faq {
  question: string;
  answer: ReactNode;
}

/** Questions as native disclosure widgets: keyboard and screen-reader friendly without script. */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {faqs.map((faq) => (
        <details key={faq.question} className="group p-5 sm:p-6">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded text-left font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            <h3 className="text-base sm:text-lg">{faq.question}</h3>
            <ChevronDown
              aria-hidden="true"
              className="mt-1 h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="mt-3 text-slate-600">{faq.answer}</div>
        </details>
      ))}
    </div>
  );
}
