import {
  BookOpen,
  Briefcase,
  Clock,
  Gauge,
  GraduationCap,
  Layers,
  Mic,
  Newspaper,
  PiggyBank,
  Search,
} from 'lucide-react';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, SignUpLink } from '../../components/actions';
import { CheckList } from '../../components/check-list';
import { ComparisonTable, type ComparisonRow } from '../../components/comparison-table';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { FeatureGrid, type Feature } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { ScenarioQuotes } from '../../components/scenario-quotes';
import { Section } from '../../components/section';
import { ACCOUNT_FORMATS, MAX_UPLOAD, PRO_PRICE, RECORDER_MINUTES } from '../../plan-facts';
import { AUTOMATIC_TRANSCRIPTION_FAQS } from './automatic-transcription-faqs';

const BENEFITS: Feature[] = [
  {
    icon: Clock,
    title: 'Minutes, not days',
    description:
      'A person needs several hours to type up one hour of audio. Software produces a draft in a fraction of that time.',
  },
  {
    icon: PiggyBank,
    title: 'A fraction of the cost',
    description: `Human transcription is usually charged per audio minute. ${PRODUCT_NAME} Pro is a flat ${PRO_PRICE}, however much you transcribe.`,
  },
  {
    icon: Layers,
    title: 'Scales with your work',
    description: 'Ten recordings or a hundred: the queue handles them while you do something else.',
  },
  {
    icon: Search,
    title: 'Searchable from day one',
    description: 'Every recording becomes text you can search, quote and file.',
  },
];

const FEATURES = [
  `Upload ${ACCOUNT_FORMATS} files up to ${MAX_UPLOAD}, or record up to ${RECORDER_MINUTES} minutes in the browser`,
  'Background processing with progress on your dashboard',
  'Timed segments you can play back to check a passage',
  'Downloads as TXT, DOCX, PDF, Markdown and subtitles',
  'A private library of transcripts that only you can open',
  'Priority processing on Pro',
];

const COMPARISON: ComparisonRow[] = [
  {
    label: 'Turnaround',
    values: ['Minutes', 'About 4 hours of typing per audio hour, or days from a service'],
  },
  { label: 'Cost', values: [`Free plan, or ${PRO_PRICE} flat`, 'Your time, or a per-minute fee'] },
  { label: 'Clear audio, one or two speakers', values: ['A strong first draft', 'Excellent'] },
  {
    label: 'Noisy audio, crosstalk, jargon',
    values: ['More errors; review needed', 'Better, with effort'],
  },
  { label: 'Effort for you', values: ['Upload and review', 'Type everything, or brief a service'] },
  { label: 'Privacy', values: ['Stays in your account', 'Shared with a transcriber'] },
  { label: 'Scales to large archives', values: [true, false] },
];

const USE_CASES: Feature[] = [
  {
    icon: Newspaper,
    title: 'Journalism',
    description: 'Interviews and briefings, ready to quote.',
  },
  { icon: BookOpen, title: 'Research', description: 'Qualitative interviews and focus groups.' },
  { icon: Briefcase, title: 'Business', description: 'Meetings, calls and customer interviews.' },
  { icon: GraduationCap, title: 'Education', description: 'Lectures, seminars and study notes.' },
  { icon: Mic, title: 'Podcasting', description: 'Show notes, articles and captions.' },
  { icon: Gauge, title: 'Operations', description: 'Dictated reports and field notes.' },
];

export default function AutomaticTranscriptionPage() {
  return (
    <main>
      <PageHero
        eyebrow="Automatic transcription"
        title="Automatic transcription: let software do the typing"
        subtitle={`${PRODUCT_NAME} converts speech to text automatically, so you spend your time reviewing and using transcripts instead of typing them.`}
        actions={
          <>
            <SignUpLink>Transcribe Automatically</SignUpLink>
            <PageLink href="/compare/ai-vs-human-transcription">AI vs human transcription</PageLink>
          </>
        }
        note="No credit card required"
      />

      <Section eyebrow="Benefits" title="Why automate transcription?">
        <FeatureGrid features={BENEFITS} columns={4} />
      </Section>

      <Section
        tone="muted"
        eyebrow="Features"
        title={`What ${PRODUCT_NAME} does for you`}
        width="narrow"
      >
        <CheckList items={FEATURES} />
      </Section>

      <Section
        eyebrow="Comparison"
        title="Automatic versus manual transcription"
        intro="Both have their place. Here is how they compare in practice."
      >
        <ComparisonTable
          caption="Automatic versus manual transcription"
          columns={[`Automatic (${PRODUCT_NAME})`, 'Manual']}
          rows={COMPARISON}
          highlight={0}
        />
      </Section>

      <Section tone="muted" eyebrow="Use cases" title="Where automatic transcription pays off">
        <FeatureGrid features={USE_CASES} />
      </Section>

      <Section title="In practice" width="narrow">
        <ScenarioQuotes
          scenarios={[
            {
              quote:
                'I used to spend Friday afternoons typing up the week’s client calls. Now I upload them as I go, skim the transcripts and copy out the decisions. The afternoon is mine again.',
              role: 'Consultant, weekly client calls',
            },
            {
              quote:
                'For my thesis interviews I transcribe everything automatically, then listen again only to the passages I quote, checking them against the timestamps.',
              role: 'PhD researcher, qualitative interviews',
            },
          ]}
        />
      </Section>

      <Section tone="muted" title="Frequently asked questions" width="narrow">
        <FaqList faqs={AUTOMATIC_TRANSCRIPTION_FAQS} />
      </Section>

      <CtaBand
        title="Stop typing. Start transcribing."
        text="Create a free account and let software do the first draft."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={['/compare/ai-vs-human-transcription', '/transcription-software', '/audio-to-text']}
      />
    </main>
  );
}
