import {
  AudioLines,
  FileAudio,
  FolderLock,
  Languages,
  ListChecks,
  PencilLine,
  Users,
  WandSparkles,
  Zap,
} from 'lucide-react';
import { PRODUCT_NAME } from '../../../core/product';
import { ScrollLink, SignUpLink } from '../components/actions';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid, type Feature } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { RelatedLinks } from '../components/related-links';
import { Section } from '../components/section';
import { StepList, type Step } from '../components/step-list';
import {
  ACCOUNT_FORMATS,
  FREE_SECONDS_ADJECTIVE,
  MAX_UPLOAD,
  RECORDER_MINUTES,
} from '../plan-facts';
import { PricingCards } from '../../components/pricing-cards';

const FEATURES: Feature[] = [
  {
    icon: AudioLines,
    title: 'High-quality transcription',
    description:
      'Modern speech recognition turns clear, well-recorded speech into text you can read, search and quote.',
  },
  {
    icon: FileAudio,
    title: 'Multiple file formats',
    description: `Upload ${ACCOUNT_FORMATS} files up to ${MAX_UPLOAD}, or record up to ${RECORDER_MINUTES} minutes straight from your browser.`,
  },
  {
    icon: Zap,
    title: 'Fast processing',
    description:
      'Files are processed in the background while you get on with other work, and your dashboard shows progress. Pro jobs are processed first.',
  },
  {
    icon: WandSparkles,
    title: 'Noise reduction',
    description:
      'Speech is found with a speech-detection model before anything is transcribed, so music and noise between words never become invented text, and noisy recordings are cleaned before recognition where that helps.',
  },
  {
    icon: PencilLine,
    title: 'Easy editing',
    description:
      'Correct a transcript in the browser beside its audio, with undo, autosave and the original always kept; then download it as TXT, DOCX, PDF, Markdown, SRT or VTT, or share a read-only link.',
  },
  {
    icon: ListChecks,
    title: 'Smart formatting',
    description:
      'Every transcript is split into timed segments, so you can jump to a passage and play the matching audio to check it.',
  },
  {
    icon: Languages,
    title: 'Multilingual support',
    description:
      'Choose the language or let the language be detected, and translate to English. Once the server has its whisper engine, every language whisper knows is transcribed; until then, English only, and the upload form says so before you send a file.',
  },
  {
    icon: Users,
    title: 'Speaker recognition',
    description:
      'Every transcript says who said what in interviews and meetings: voices are told apart on our own servers, with nothing sent away. Name a speaker once and every line of theirs follows.',
  },
  {
    icon: FolderLock,
    title: 'Secure storage',
    description:
      'Your transcripts are private to your account: nobody else can open them. Delete any of them, or your whole account, whenever you like.',
  },
];

const STEPS: Step[] = [
  {
    title: 'Upload or record',
    description: `Drop in an audio file or press record and speak. One file at a time, up to ${MAX_UPLOAD}.`,
  },
  {
    title: 'AI processing',
    description:
      'Speech recognition converts the audio to text in the background and shows progress on your dashboard.',
  },
  {
    title: 'Get your transcript',
    description: 'Read it with timestamps, play back any passage, and download it as a text file.',
  },
];

export default function FeaturesPage() {
  return (
    <main>
      <PageHero
        eyebrow="Features"
        title="Everything you need to turn recordings into text"
        subtitle={`${PRODUCT_NAME} takes you from audio to a timestamped transcript in three steps, with no software to install. Start free and upgrade when your recordings get longer.`}
        actions={
          <>
            <SignUpLink>Start Transcribing</SignUpLink>
            <ScrollLink to="pricing">View Pricing</ScrollLink>
          </>
        }
        note={`Free ${FREE_SECONDS_ADJECTIVE} transcripts. No credit card required.`}
      />

      <Section
        eyebrow="What you get"
        title="Built for real recordings"
        intro="Interviews, lectures, meetings, podcasts and voice notes: the features that matter when you need the words."
      >
        <FeatureGrid features={FEATURES} />
      </Section>

      <Section tone="muted" eyebrow="How it works" title="From audio to text in three steps">
        <StepList steps={STEPS} />
      </Section>

      <Section
        id="pricing"
        eyebrow="Pricing"
        title="Pick the plan that fits"
        intro="The free plan is free for as long as you like. Pro is for full-length recordings and regular use."
      >
        <PricingCards isAuthenticated={false} isPaid={false} />
      </Section>

      <CtaBand
        title="Start transcribing today"
        text="Create a free account in under a minute and upload your first recording."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={['/audio-to-text', '/secure-transcription', '/transcription-software']}
      />
    </main>
  );
}
