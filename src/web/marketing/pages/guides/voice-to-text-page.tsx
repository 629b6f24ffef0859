import {
  Accessibility,
  Briefcase,
  Clock,
  Download,
  GraduationCap,
  Lightbulb,
  Mic,
  NotebookPen,
  Stethoscope,
  Upload,
} from 'lucide-react';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, SignUpLink } from '../../components/actions';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { FeatureGrid, type Feature } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { Section } from '../../components/section';
import { StepList, type Step } from '../../components/step-list';
import { ACCOUNT_FORMATS, FREE_SECONDS_ADJECTIVE, RECORDER_MINUTES } from '../../plan-facts';
import { VOICE_TO_TEXT_FAQS } from './voice-to-text-faqs';

const FEATURES: Feature[] = [
  {
    icon: Mic,
    title: 'Record in your browser',
    description: `Speak for up to ${RECORDER_MINUTES} minutes straight into your microphone; no app to install.`,
  },
  {
    icon: Upload,
    title: 'Or upload a voice file',
    description: `Voice memos and dictations from your phone in ${ACCOUNT_FORMATS}.`,
  },
  {
    icon: Clock,
    title: 'Timestamps included',
    description: 'Every transcript is split into timed segments you can play back to check.',
  },
  {
    icon: Download,
    title: 'Download as text',
    description: 'Save the result as plain text, Word or PDF, or copy it and paste it anywhere.',
  },
];

const STEPS: Step[] = [
  {
    title: 'Select your source',
    description: 'Record with your microphone, or upload a voice memo or dictation.',
  },
  {
    title: 'Choose options',
    description:
      'Language is set by the service or detected automatically where the engine supports it. When several people speak, each line says who.',
  },
  {
    title: 'Process',
    description: 'Speech recognition turns your voice into text while you watch the progress.',
  },
  {
    title: 'Edit and export',
    description:
      'Read the transcript, play back passages to check them, and download it as text to edit anywhere.',
  },
];

const APPLICATIONS: Feature[] = [
  {
    icon: NotebookPen,
    title: 'Notes and drafts',
    description: 'Think out loud and get a first draft of an email, article or report.',
  },
  {
    icon: Lightbulb,
    title: 'Ideas on the go',
    description: 'Capture ideas as voice memos and turn them into text you can file and search.',
  },
  {
    icon: Briefcase,
    title: 'Meetings and calls',
    description: 'Keep a searchable record of decisions and action points.',
  },
  {
    icon: GraduationCap,
    title: 'Lectures and study',
    description: 'Turn recorded lectures into notes you can revise from.',
  },
  {
    icon: Stethoscope,
    title: 'Professional dictation',
    description: 'Dictate case notes and letters and keep them private to your account.',
  },
  {
    icon: Accessibility,
    title: 'Accessibility',
    description: 'Writing by voice helps people for whom typing is slow, tiring or painful.',
  },
];

export default function VoiceToTextPage() {
  return (
    <main>
      <PageHero
        eyebrow="Voice to text"
        title="Voice to text: speak, and get it in writing"
        subtitle={`Talk into your microphone or upload a voice recording, and ${PRODUCT_NAME} writes it down for you. Faster than typing, and your hands stay free.`}
        actions={
          <>
            <SignUpLink>Start Speaking</SignUpLink>
            <PageLink href="/#free-trial">Try a {FREE_SECONDS_ADJECTIVE} sample</PageLink>
          </>
        }
        note="No credit card required"
      />

      <Section eyebrow="Features" title="Voice typing without the typing">
        <FeatureGrid features={FEATURES} columns={4} />
      </Section>

      <Section tone="muted" eyebrow="How it works" title="Four steps from voice to text">
        <StepList steps={STEPS} />
      </Section>

      <Section
        eyebrow="Applications"
        title="What people use voice to text for"
        intro="Anything you can say, you can turn into text."
      >
        <FeatureGrid features={APPLICATIONS} />
      </Section>

      <Section tone="muted" title="Frequently asked questions" width="narrow">
        <FaqList faqs={VOICE_TO_TEXT_FAQS} />
      </Section>

      <CtaBand
        title="Give your keyboard a rest"
        text={`Create a free account and turn your voice into text with ${PRODUCT_NAME}.`}
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={['/audio-to-text', '/automatic-transcription', '/secure-transcription']}
      />
    </main>
  );
}
