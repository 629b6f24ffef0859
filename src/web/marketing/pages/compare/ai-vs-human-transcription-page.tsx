import { Bot, UserRound } from 'lucide-react';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, SignUpLink } from '../../components/actions';
import { CheckList } from '../../components/check-list';
import { ComparisonTable, type ComparisonRow } from '../../components/comparison-table';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { RelatedLinks } from '../../components/related-links';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { StepList, type Step } from '../../components/step-list';
import { PRO_PRICE } from '../../plan-facts';
import { AI_VS_HUMAN_FAQS } from './ai-vs-human-transcription-faqs';

const ROWS: ComparisonRow[] = [
  { label: 'Cost', values: [`Free to ${PRO_PRICE} flat`, 'Commonly $1-3 per audio minute'] },
  { label: 'Turnaround', values: ['Minutes', 'Hours to days'] },
  { label: 'Clear audio, one or two speakers', values: ['Strong first draft', 'Excellent'] },
  { label: 'Noise, crosstalk, heavy accents', values: ['More errors', 'Much better'] },
  {
    label: 'Names and specialist terms',
    values: ['Often need correcting', 'Researched or flagged'],
  },
  { label: 'Who hears the audio', values: ['No one', 'A transcriber'] },
  { label: 'Large archives', values: ['Easy and affordable', 'Slow and costly'] },
  { label: 'Certified or legal formats', values: [false, true] },
];

const CHOOSE_AI = [
  'You need the text today, not next week.',
  'The recordings are reasonably clear.',
  'You will read the transcript yourself and can fix a few errors.',
  'You have many hours of audio, or a tight budget.',
  'You would rather nobody else listened to the recordings.',
];

const CHOOSE_HUMAN = [
  'The transcript is a legal or medical record.',
  'You will publish it verbatim.',
  'The audio is noisy, overlapping or heavily accented.',
  'You need a certified or specially formatted transcript.',
];

const HYBRID: Step[] = [
  {
    title: 'Transcribe everything',
    description: 'Run all recordings through automatic transcription.',
  },
  {
    title: 'Triage',
    description: 'Decide which transcripts are for reference and which you will publish.',
  },
  {
    title: 'Review the few',
    description: 'Check the important ones against the timestamped audio, or send them to a human.',
  },
  {
    title: 'Use the rest as is',
    description: 'Search and skim the others; they have done their job.',
  },
];

export default function AiVsHumanTranscriptionPage() {
  return (
    <main>
      <PageHero
        eyebrow="Comparison"
        title="AI vs human transcription: cost, speed and accuracy"
        subtitle="Automatic transcription is fast and inexpensive; professional transcribers handle difficult audio best. Here is an honest comparison, and a way to get the best of both."
        actions={
          <>
            <SignUpLink>Try AI Transcription Free</SignUpLink>
            <PageLink href="/automatic-transcription">How automatic transcription works</PageLink>
          </>
        }
      />

      <Section eyebrow="Side by side" title="How they compare">
        <ComparisonTable
          caption="AI transcription compared with human transcription"
          columns={[`AI (${PRODUCT_NAME})`, 'Human service']}
          rows={ROWS}
          highlight={0}
        />
        <p className="mt-4 text-sm text-slate-500">
          Human prices are typical market rates and vary by provider, turnaround and audio quality.
        </p>
      </Section>

      <Section tone="muted" title="Which should you choose?">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
            <h3 className="flex items-center gap-3 text-xl font-semibold text-slate-900">
              <Bot aria-hidden="true" className="h-7 w-7 text-brand-600" />
              Choose AI transcription when
            </h3>
            <CheckList items={CHOOSE_AI} className="mt-5" />
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
            <h3 className="flex items-center gap-3 text-xl font-semibold text-slate-900">
              <UserRound aria-hidden="true" className="h-7 w-7 text-brand-600" />
              Choose a human transcriber when
            </h3>
            <CheckList items={CHOOSE_HUMAN} className="mt-5" />
          </div>
        </div>
      </Section>

      <Section
        eyebrow="The hybrid approach"
        title="Use both, and pay for people only where it counts"
        intro="Most teams get the best value by transcribing everything automatically and reviewing only what matters."
      >
        <StepList steps={HYBRID} />
      </Section>

      <Section tone="muted" title="Frequently asked questions" width="narrow">
        <FaqList faqs={AI_VS_HUMAN_FAQS} />
      </Section>

      <CtaBand
        title="See what AI makes of your audio"
        text="Upload a typical recording and judge the result yourself."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={[
          '/automatic-transcription',
          '/compare/otter-vs-rev-vs-descript',
          '/secure-transcription',
        ]}
      />
    </main>
  );
}
