import { Quote } from 'lucide-react';

export interface Scenario {
  quote: string;
  role: string;
}

/**
 * Quotes that show a typical workflow. They are illustrative, not endorsements, and the
 * section says so: we do not invent named customers.
 */
export function ScenarioQuotes({ scenarios }: { scenarios: Scenario[] }) {
  return (
    <div>
      <ul className="grid gap-6 md:grid-cols-2">
        {scenarios.map((scenario) => (
          <li
            key={scenario.role}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <figure>
              <Quote aria-hidden="true" className="h-6 w-6 text-brand-500" />
              <blockquote className="mt-3 text-slate-700">
                <p>{scenario.quote}</p>
              </blockquote>
              <figcaption className="mt-4 text-sm font-medium text-slate-900">
                {scenario.role}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-center text-sm text-slate-500">
        Illustrative scenarios based on common workflows, not quotes from named customers.
      </p>
    </div>
  );
}
