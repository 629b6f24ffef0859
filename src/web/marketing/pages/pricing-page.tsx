import { PRODUCT_NAME } from '../../../core/product';
import { PricingCards } from '../../components/pricing-cards';
import { SignUpLink } from '../components/actions';
import { FaqList } from '../components/faq-list';
import { PRICING_FAQS } from './pricing-faqs';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { FREE_SECONDS_ADJECTIVE, PRO_PRICE_WORDS } from '../plan-facts';

export default function PricingPage() {
  return (
    <main>
      <PageHero
        eyebrow="Pricing"
        title="Simple plans for every recording"
        subtitle={`Start free with ${FREE_SECONDS_ADJECTIVE} transcripts. ${PRODUCT_NAME} Pro is ${PRO_PRICE_WORDS} for full-length recordings.`}
        actions={<SignUpLink>Start for free</SignUpLink>}
        note="No credit card required for the free plan."
      />
      <Section eyebrow="Plans" title="Free and Pro">
        <PricingCards isAuthenticated={false} isPaid={false} />
      </Section>
      <Section tone="muted" eyebrow="Questions" title="Pricing questions">
        <FaqList faqs={PRICING_FAQS} />
      </Section>
    </main>
  );
}
