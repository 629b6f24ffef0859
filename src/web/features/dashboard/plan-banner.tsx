import { Crown, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { PLANS } from '../../../core/plans';
import { buttonClasses } from '../../components/ui/button';

/** "You're on the Pro Plan", or "Free Plan" with its limits and a way to upgrade. */
export function PlanBanner({ isPaid }: { isPaid: boolean }) {
  if (isPaid) {
    return (
      <section className="flex items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-brand-700">
        <Crown aria-hidden="true" className="h-6 w-6 shrink-0" />
        <div>
          <h2 className="font-semibold">You're on the Pro Plan</h2>
          <p className="text-sm">
            Full-length transcripts, unlimited transcriptions and 10 GB of storage.
          </p>
        </div>
      </section>
    );
  }
  const limits = PLANS.free.limits;
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <Sparkles aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-600" />
        <div>
          <h2 className="font-semibold text-slate-900">Free Plan</h2>
          <p className="text-sm text-slate-600">
            Transcripts of the first {limits.transcriptSeconds} seconds,{' '}
            {limits.transcriptionsPerMonth} transcriptions per month. Upgrade for full-length
            transcripts.
          </p>
        </div>
      </div>
      <Link href="/upgrade" className={buttonClasses('primary', 'md', 'shrink-0')}>
        Upgrade to Pro
      </Link>
    </section>
  );
}
