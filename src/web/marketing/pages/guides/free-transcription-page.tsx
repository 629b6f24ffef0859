import { Gift, Mic, UserPlus } from 'lucide-react';
import type { Plan } from '../../../../core/plans';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, ScrollLink, SignUpLink } from '../../components/actions';
import { ComparisonTable, type ComparisonRow } from '../../components/comparison-table';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { FeatureGrid, type Feature } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { Section } from '../../components/section';
import {
  FREE_PLAN,
  FREE_SECONDS,
  FREE_SECONDS_ADJECTIVE,
  FREE_STORAGE,
  MAX_UPLOAD,
  PRO_PLAN,
  PRO_PRICE,
  PRO_STORAGE,
  monthlyLimitText,
} from '../../plan-facts';
import { FREE_TRANSCRIPTION_FAQS } from './free-transcription-faqs';

const WAYS: Feature[] = [
  {
    icon: Gift,
    title: 'Free trial, no account',
    description: `Upload a file on our home page and read the first ${FREE_SECONDS} seconds as text straight away. Nothing to sign up for, nothing kept.`,
  },
  {
    icon: UserPlus,
    title: 'Free plan',
    description: `${monthlyLimitText(FREE_PLAN)} of up to ${FREE_SECONDS} seconds each, ${FREE_STORAGE} of storage and text downloads. Free for as long as you like.`,
  },
  {
    icon: Mic,
    title: 'Browser recording',
    description: 'Free accounts can record straight from the microphone too, no app needed.',
  },
];

// Short cell texts, so the two-column table fits a phone screen without scrolling.
const lengthCell = (plan: Plan) =>
  plan.limits.transcriptSeconds === null
    ? 'Whole file'
    : `First ${plan.limits.transcriptSeconds} s`;
const monthlyCell = (plan: Plan) => String(plan.limits.transcriptionsPerMonth ?? 'Unlimited');

const COMPARISON: ComparisonRow[] = [
  { label: 'Price', values: [`${FREE_PLAN.price}, ${FREE_PLAN.period}`, PRO_PRICE] },
  { label: 'Transcript length', values: [lengthCell(FREE_PLAN), lengthCell(PRO_PLAN)] },
  { label: 'Transcriptions a month', values: [monthlyCell(FREE_PLAN), monthlyCell(PRO_PLAN)] },
  { label: 'Storage', values: [FREE_STORAGE, PRO_STORAGE] },
  { label: 'Maximum file size', values: [MAX_UPLOAD, MAX_UPLOAD] },
  // Both plans use the server's one speech engine: the free plan is shorter, not worse.
  { label: 'Speech recognition', values: ['The same engine', 'The same engine'] },
  { label: 'Processing', values: ['Standard queue', 'Priority'] },
  { label: 'Editor and downloads (TXT, DOCX, PDF, SRT, VTT)', values: [true, true] },
  { label: 'Timestamped transcripts', values: [true, true] },
  { label: 'Browser recording', values: [true, true] },
];

export default function FreeTranscriptionPage() {
  return (
    <main>
      <PageHero
        eyebrow="Free transcription"
        title="Free transcription, honestly explained"
        subtitle={`Try ${PRODUCT_NAME} without paying a cent: a ${FREE_SECONDS_ADJECTIVE} preview with no login, and a free plan for short clips every month. Here is exactly what you get, and when Pro makes sense.`}
        actions={
          <>
            <SignUpLink>Sign up for free</SignUpLink>
            <ScrollLink to="comparison">Compare Free and Pro</ScrollLink>
          </>
        }
        note="No credit card required"
      />

      <Section
        eyebrow="Ways to start free"
        title="Three ways to transcribe for free"
        intro="Start with the option that suits you; none of them asks for a card."
      >
        <FeatureGrid features={WAYS} />
        <div className="mt-8 text-center">
          <PageLink href="/#free-trial">Try the free trial now</PageLink>
        </div>
      </Section>

      <Section
        id="comparison"
        tone="muted"
        eyebrow="Free vs Pro"
        title="What the free plan includes, and what Pro adds"
        intro="The same app, the same privacy. Pro removes the length limit and the monthly cap."
      >
        <ComparisonTable
          caption="Free plan compared with Pro"
          columns={[FREE_PLAN.name, PRO_PLAN.name]}
          rows={COMPARISON}
          highlight={1}
        />
      </Section>

      <Section title="Frequently asked questions" width="narrow">
        <FaqList faqs={FREE_TRANSCRIPTION_FAQS} />
      </Section>

      <CtaBand
        title="Start free today"
        text="Create an account in under a minute. Upgrade only if and when you need to."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks paths={['/compare/free-vs-paid-tools', '/features', '/audio-to-text']} />
    </main>
  );
}
