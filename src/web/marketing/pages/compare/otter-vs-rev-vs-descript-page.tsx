import { Clapperboard, FileCheck, Presentation } from 'lucide-react';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, SignUpLink } from '../../components/actions';
import { CheckList } from '../../components/check-list';
import { ComparisonTable, type ComparisonRow } from '../../components/comparison-table';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { FeatureGrid, type Feature } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { Section } from '../../components/section';
import { PRO_PRICE } from '../../plan-facts';
import { OTTER_REV_DESCRIPT_FAQS } from './otter-vs-rev-vs-descript-faqs';

const TOOLS: Feature[] = [
  {
    icon: Presentation,
    title: 'Otter: the meeting assistant',
    description:
      'Joins your video calls, transcribes them live and turns them into shareable notes and summaries. Choose it if your audio mostly happens in meetings.',
  },
  {
    icon: FileCheck,
    title: 'Rev: the transcription service',
    description:
      'Offers automatic transcripts and transcripts typed by professional human transcribers, plus captions and subtitles. Choose it when accuracy must be verified by a person.',
  },
  {
    icon: Clapperboard,
    title: 'Descript: the editor',
    description:
      'An audio and video editor where you edit the recording by editing its transcript. Choose it if you produce and edit podcasts or videos yourself.',
  },
];

const COLUMNS = ['Otter', 'Rev', 'Descript', PRODUCT_NAME];

const ROWS: ComparisonRow[] = [
  {
    label: 'Core job',
    values: [
      'Meeting notes',
      'Transcripts and captions',
      'Editing audio and video',
      'Turning recordings into text',
    ],
  },
  {
    label: 'Best for',
    values: [
      'Teams on video calls',
      'Work that needs human accuracy',
      'Podcast and video producers',
      'Interviews, lectures, podcasts, voice notes',
    ],
  },
  { label: 'Transcribes uploaded files', values: [true, true, true, true] },
  { label: 'Edit media by editing text', values: [false, false, true, false] },
  { label: 'Human transcription option', values: [false, true, 'Not its focus', false] },
  {
    label: 'Pricing model',
    values: [
      'Free tier, then subscription',
      'Per minute for human work; subscriptions for AI',
      'Free tier, then subscription',
      `Free plan, then ${PRO_PRICE} flat`,
    ],
  },
  { label: 'Can run on your own servers', values: [false, false, false, true] },
];

const HOW_TO_CHOOSE = [
  'Where does your audio come from: live calls, recorded files, or edited productions?',
  'Do you need a verified, word-perfect transcript, or a fast draft you will check yourself?',
  'Will you edit the audio itself, or only need its text?',
  'How sensitive are the recordings, and who may process them?',
  'Do you prefer a flat monthly price or paying per minute?',
];

export default function OtterVsRevVsDescriptPage() {
  return (
    <main>
      <PageHero
        eyebrow="Comparison"
        title="Otter vs Rev vs Descript: which transcription tool fits your work?"
        subtitle="Three well-known tools, three different jobs: a meeting assistant, a transcription service and an editor. Here is how they differ, who each suits, and where a simpler tool makes more sense."
        actions={
          <>
            <SignUpLink>Try {PRODUCT_NAME} Free</SignUpLink>
            <PageLink href="/transcription-software">All transcription options</PageLink>
          </>
        }
      />

      <Section
        eyebrow="At a glance"
        title="Different tools for different jobs"
        intro="Comparing them feature by feature misses the point: each is built around a different task."
      >
        <FeatureGrid features={TOOLS} />
      </Section>

      <Section tone="muted" eyebrow="Side by side" title="How they compare">
        <ComparisonTable
          caption={`Otter, Rev, Descript and ${PRODUCT_NAME} compared`}
          columns={COLUMNS}
          rows={ROWS}
          highlight={3}
        />
        <p className="mt-4 text-sm text-slate-500">
          Based on each product&apos;s publicly described focus. Features and prices change often;
          check each vendor&apos;s website for current plans.
        </p>
      </Section>

      <Section title={`Where ${PRODUCT_NAME} fits`} width="narrow">
        <div className="space-y-4 text-lg text-slate-700">
          <p>
            Many people do not need live meeting bots, human transcribers or a full media editor.
            They have recordings, such as interviews, lectures, podcast episodes or voice memos, and
            want the words: quickly, privately and at a predictable price.
          </p>
          <p>
            That is the job {PRODUCT_NAME} does. Upload or record, get a timestamped transcript,
            download it as text. Start with a free plan, move to Pro at {PRO_PRICE} for full-length
            files, and if your organisation needs it, run the whole service on your own servers.
          </p>
        </div>
      </Section>

      <Section tone="muted" title="Five questions to help you choose" width="narrow">
        <CheckList items={HOW_TO_CHOOSE} />
      </Section>

      <Section title="Frequently asked questions" width="narrow">
        <FaqList faqs={OTTER_REV_DESCRIPT_FAQS} />
      </Section>

      <p className="mx-auto max-w-3xl px-4 pb-4 text-center text-xs text-slate-500 sm:px-6">
        Otter, Rev and Descript are trademarks of their respective owners. {PRODUCT_NAME} is not
        affiliated with, endorsed by or sponsored by them.
      </p>

      <CtaBand
        title="Just need the text?"
        text="Try a free transcript and see if a simpler tool is all you need."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={[
          '/compare/ai-vs-human-transcription',
          '/compare/free-vs-paid-tools',
          '/transcription-software',
        ]}
      />
    </main>
  );
}
