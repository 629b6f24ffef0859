import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, SignUpLink } from '../../components/actions';
import { CheckList } from '../../components/check-list';
import { ComparisonTable, type ComparisonRow } from '../../components/comparison-table';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { Section } from '../../components/section';
import { PricingCards } from '../../../components/pricing-cards';
import { FREE_VS_PAID_FAQS } from './free-vs-paid-tools-faqs';

const ROWS: ComparisonRow[] = [
  { label: 'Price', values: ['$0', 'Monthly fee or per minute'] },
  { label: 'Length per file', values: ['Often minutes, or seconds', 'Full-length recordings'] },
  { label: 'Monthly allowance', values: ['Small, then blocked', 'Large or unlimited'] },
  { label: 'Storage of past transcripts', values: ['Little or none', 'A personal library'] },
  { label: 'Ads and upsells', values: ['Common', 'Rare'] },
  { label: 'Clear privacy terms', values: ['Varies', 'Usually'] },
  { label: 'Support', values: ['Rarely', 'Yes'] },
];

const HIDDEN_COSTS = [
  'Your time: splitting long recordings to fit the limits, and re-uploading when a job fails.',
  'Your data: some free services pay for themselves by using uploads for training or analytics.',
  'Lock-in: transcripts that expire or cannot be exported in bulk.',
  'Interruptions: ads, waiting queues and constant upgrade prompts.',
];

const CHECKLIST = [
  'How long are my recordings, and how many do I have each month?',
  'Where is my audio processed and stored, and for how long?',
  'Is my audio used to train models or shared with anyone?',
  'Can I download and delete my transcripts whenever I want?',
  'What will it cost if my usage doubles?',
];

export default function FreeVsPaidToolsPage() {
  return (
    <main>
      <PageHero
        eyebrow="Comparison"
        title="Free vs paid transcription tools: what you really get"
        subtitle="Free tools are a great way to start, and paid plans save time once transcription becomes a habit. Here is what changes when you pay, and what to check either way."
        actions={
          <>
            <SignUpLink>Start Free</SignUpLink>
            <PageLink href="/free-transcription">What our free plan includes</PageLink>
          </>
        }
      />

      <Section eyebrow="Side by side" title="Typical free and paid tools compared">
        <ComparisonTable
          caption="Typical free and paid transcription tools compared"
          columns={['Free tools', 'Paid tools']}
          rows={ROWS}
          highlight={1}
        />
      </Section>

      <Section tone="muted" title="The hidden costs of free" width="narrow">
        <CheckList items={HIDDEN_COSTS} />
      </Section>

      <Section
        eyebrow={PRODUCT_NAME}
        title="Free when you start, fair when you grow"
        intro={
          <>
            Our free plan is a real plan, not a teaser, and Pro is one flat price. See the{' '}
            <Link
              href="/free-transcription"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              full Free and Pro comparison
            </Link>
            .
          </>
        }
      >
        <PricingCards isAuthenticated={false} isPaid={false} />
      </Section>

      <Section tone="muted" title="Five questions to ask before you choose" width="narrow">
        <CheckList items={CHECKLIST} />
      </Section>

      <Section title="Frequently asked questions" width="narrow">
        <FaqList faqs={FREE_VS_PAID_FAQS} />
      </Section>

      <CtaBand
        title="Start on the free plan"
        text="Upgrade only if and when your recordings need it."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={[
          '/free-transcription',
          '/compare/ai-vs-human-transcription',
          '/transcription-software',
        ]}
      />
    </main>
  );
}
