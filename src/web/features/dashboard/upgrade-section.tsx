import PricingCards from '../../components/pricing-cards';

/** "Upgrade Your Plan" (anchor upgrade-section): the Free and Pro cards, marked for a signed-in user. */
export function UpgradeSection({ isPaid }: { isPaid: boolean }) {
  return (
    <section id="upgrade-section" aria-labelledby="upgrade-section-title" className="scroll-mt-20">
      <h2 id="upgrade-section-title" className="text-2xl font-bold text-slate-900">
        Upgrade Your Plan
      </h2>
      <div className="mt-6">
        <PricingCards isAuthenticated isPaid={isPaid} />
      </div>
    </section>
  );
}
