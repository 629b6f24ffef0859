import {
  BookOpen,
  Briefcase,
  Clock,
  FileAudio,
  GraduationCap,
  Mic,
  Newspaper,
  Podcast,
  Search,
  Smartphone,
  Video,
} from 'lucide-react';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, SignUpLink } from '../../components/actions';
import { CheckList } from '../../components/check-list';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { FeatureGrid, type Feature } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { Section } from '../../components/section';
import { StepList, type Step } from '../../components/step-list';
import { FREE_MONTHLY_LIMIT, MAX_UPLOAD, PRO_PRICE } from '../../plan-facts';
import { MP3_TO_TEXT_FAQS } from './mp3-to-text-faqs';
import { UploadMockup } from './upload-mockup';

const BENEFITS: Feature[] = [
  {
    icon: FileAudio,
    title: 'Made for MP3',
    description: 'The most common audio format works as it is; no conversion step needed.',
  },
  {
    icon: Clock,
    title: 'Minutes, not hours',
    description: 'Upload and get on with your day while the transcript is prepared.',
  },
  {
    icon: Search,
    title: 'Searchable text',
    description: 'Find any word or name in your recording instantly.',
  },
];

const USE_CASES: Feature[] = [
  { icon: Mic, title: 'Interviews', description: 'Quotes and notes from recorded conversations.' },
  { icon: Podcast, title: 'Podcasts', description: 'Episode transcripts for show notes and SEO.' },
  { icon: GraduationCap, title: 'Lectures', description: 'Study notes from recorded classes.' },
  { icon: Briefcase, title: 'Meetings', description: 'Searchable records of calls and decisions.' },
  {
    icon: Smartphone,
    title: 'Voice memos',
    description: 'Ideas captured on your phone, in writing.',
  },
  { icon: Newspaper, title: 'Press briefings', description: 'Statements ready to quote.' },
  { icon: BookOpen, title: 'Research', description: 'Interview data ready to code and analyse.' },
  {
    icon: Video,
    title: 'Video audio tracks',
    description: 'Scripts and captions from exported audio.',
  },
];

const STEPS: Step[] = [
  { title: 'Upload your MP3', description: `Choose the file, up to ${MAX_UPLOAD}.` },
  {
    title: 'Automatic transcription',
    description: 'Speech recognition converts it in the background.',
  },
  { title: 'Review', description: 'Read the timestamped transcript and play back any passage.' },
  {
    title: 'Download',
    description: 'Save it as TXT, DOCX, PDF, Markdown or subtitles (SRT, VTT).',
  },
];

const REASONS = [
  'Try it free without an account, straight from the home page.',
  `A free plan with ${FREE_MONTHLY_LIMIT} transcriptions every month.`,
  `Pro at ${PRO_PRICE} for full-length files and unlimited transcriptions.`,
  'Timestamps on every transcript, so checking a passage takes seconds.',
  'Your files stay private to your account and can be deleted at any time.',
  'Nothing to install: works in any modern browser, including on your phone.',
];

export default function Mp3ToTextPage() {
  return (
    <main>
      <PageHero
        eyebrow="MP3 to text"
        title="Convert MP3 to text online"
        subtitle={`Upload an MP3 and ${PRODUCT_NAME} turns the speech into a timestamped transcript you can read, search and download.`}
        actions={
          <>
            <SignUpLink>Convert MP3 to Text</SignUpLink>
            <PageLink href="/audio-to-text">Other audio formats</PageLink>
          </>
        }
        note="No credit card required"
        aside={<UploadMockup />}
      />

      <Section eyebrow="Benefits" title="Why convert MP3 to text?">
        <FeatureGrid features={BENEFITS} />
      </Section>

      <Section tone="muted" eyebrow="Use cases" title="Eight things people transcribe from MP3">
        <FeatureGrid features={USE_CASES} columns={4} />
      </Section>

      <Section eyebrow="How it works" title="MP3 to text in four steps">
        <StepList steps={STEPS} />
      </Section>

      <Section
        tone="muted"
        title={`Six reasons to use ${PRODUCT_NAME} for MP3 files`}
        width="narrow"
      >
        <CheckList items={REASONS} />
      </Section>

      <Section title="MP3 transcription questions" width="narrow">
        <FaqList faqs={MP3_TO_TEXT_FAQS} />
      </Section>

      <CtaBand
        title="Turn your MP3 into text now"
        text="Sign up free and upload your first file."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks paths={['/audio-to-text', '/use-cases/podcasters', '/free-transcription']} />
    </main>
  );
}
