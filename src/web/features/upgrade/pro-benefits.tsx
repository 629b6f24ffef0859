import { Check } from 'lucide-react';
import { PLANS } from '../../../core/plans';

/** What Pro gives, and its price. */
export function ProBenefits() {
  const pro = PLANS.pro;
  return (
    <section
      aria-labelledby="pro-benefits-title"
      className="rounded-xl border border-brand-100 bg-brand-50/60 p-6"
    >
      <h2 id="pro-benefits-title" className="text-lg font-semibold text-slate-900">
        Pro plan
      </h2>
      <p className="mt-2">
        <span className="text-4xl font-bold text-slate-900">{pro.price}</span>
        <span className="text-slate-600">/{pro.period}</span>
      </p>
      <ul className="mt-6 space-y-3">
        {pro.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-slate-800">
            <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
