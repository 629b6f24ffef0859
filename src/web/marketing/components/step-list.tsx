import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface Step {
  title: string;
  description: ReactNode;
}

const columnClasses = {
  3: 'md:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
  5: 'sm:grid-cols-2 lg:grid-cols-5',
};

/** A numbered sequence ("How it works"): an ordered list, so the numbers are real. */
export function StepList({ steps, columns }: { steps: Step[]; columns?: 3 | 4 | 5 }) {
  const cols = columns ?? (steps.length >= 5 ? 5 : steps.length === 4 ? 4 : 3);
  return (
    <ol className={cn('grid gap-6', columnClasses[cols])}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-xl border border-slate-200 bg-white p-6">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-600">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
