import {
  BookOpen,
  Briefcase,
  Clock,
  GraduationCap,
  Mic,
  Newspaper,
  Scale,
  Search,
  Share2,
  Accessibility,
  Users,
  Video,
} from 'lucide-react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, SignUpLink } from '../../components/actions';
import { CheckList } from '../../components/check-list';
import { CtaBand } from '../../components/cta-band';
import { FeatureGrid, type Feature } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { Section } from '../../components/section';
import { StepList, type Step } from '../../components/step-list';
import {
  ACCOUNT_FORMATS,
  FREE_MONTHLY_LIMIT,
  FREE_SECONDS_ADJECTIVE,
  MAX_UPLOAD,
  PRO_PRICE,
} from '../../plan-facts';

const BENEFITS: Feature[] = [
  {
    icon: Clock,
    title: 'Save hours of typing',
    description:
      'Typing up a recording by hand takes several times its length. Automatic transcription gives you a first draft while you do something else.',
  },
  {
    icon: Search,
    title: 'Find anything you said',
    description:
      'Text is searchable. Jump straight to the moment a topic came up instead of scrubbing through audio.',
  },
  {
    icon: Share2,
    title: 'Reuse your content',
    description:
      'Quote interviews, turn talks into articles and meetings into minutes. Text travels further than audio.',
  },
  {
    icon: Accessibility,
    title: 'Make audio accessible',
    description:
      'A transcript lets people who are deaf or hard of hearing, and anyone who prefers reading, use your recordings.',
  },
];

const STEPS: Step[] = [
  {
    title: 'Upload your audio',
    description: `Choose a ${ACCOUNT_FORMATS} file up to ${MAX_UPLOAD}, or record directly in your browser.`,
  },
  {
    title: 'We transcribe it',
    description:
      'Speech recognition converts the audio into text, split into timed segments, while you watch the progress.',
  },
  {
    title: 'Read and download',
    description:
      'Open the transcript, play back any passage to check it, and download it as a text file.',
  },
];

const AUDIENCES: Feature[] = [
  {
    icon: Newspaper,
    title: 'Journalists',
    description: (
      <>
        Interviews and press briefings ready to quote.{' '}
        <Link href="/use-cases/journalists" className="font-medium text-brand-700 underline">
          Workflows for reporters
        </Link>
      </>
    ),
  },
  {
    icon: Mic,
    title: 'Podcasters',
    description: (
      <>
        Episodes turned into show notes and web pages.{' '}
        <Link href="/use-cases/podcasters" className="font-medium text-brand-700 underline">
          Podcast transcription
        </Link>
      </>
    ),
  },
  {
    icon: BookOpen,
    title: 'Researchers',
    description: 'Qualitative interviews and focus groups, ready to code and analyse.',
  },
  {
    icon: Video,
    title: 'Content creators',
    description: 'Scripts, captions and blog posts from the videos you already made.',
  },
  {
    icon: Briefcase,
    title: 'Business professionals',
    description: 'Meetings, client calls and dictated notes you can search next month.',
  },
  {
    icon: Scale,
    title: 'Legal and healthcare',
    description: 'Dictation and recorded statements, kept private to your account.',
  },
  {
    icon: GraduationCap,
    title: 'Educators and students',
    description: 'Lectures and seminars turned into notes you can study from.',
  },
  {
    icon: Users,
    title: 'Everyone else',
    description: 'Voice memos, family stories, ideas you spoke aloud on a walk.',
  },
];

const REASONS = [
  `Try it before you sign up: a free ${FREE_SECONDS_ADJECTIVE} transcript, no account needed.`,
  `A free plan with ${FREE_MONTHLY_LIMIT} transcriptions a month, and Pro at ${PRO_PRICE} when you need full-length files.`,
  'Timestamped transcripts you can check against the original audio.',
  'Nothing to install: works in any modern browser, on desktop and mobile.',
  'Private by design: only you can open your transcripts, and you can delete them at any time.',
  `Can run on your own server: ${PRODUCT_NAME} is self-hostable for teams that must keep audio in-house.`,
];

export default function AudioToTextPage() {
  return (
    <main>
      <PageHero
        eyebrow="Audio to text"
        title="Convert audio to text online"
        subtitle={`Interviews, lectures, meetings, voice memos: upload a recording and ${PRODUCT_NAME} turns it into text you can search, quote and share.`}
        actions={
          <>
            <SignUpLink>Convert Audio to Text</SignUpLink>
            <PageLink href="/features">See all features</PageLink>
          </>
        }
        note="Free plan available. No credit card required."
      />

      <Section
        eyebrow="Benefits"
        title="Why turn audio into text?"
        intro="A recording holds the words; a transcript makes them usable."
      >
        <FeatureGrid features={BENEFITS} columns={4} />
      </Section>

      <Section tone="muted" eyebrow="How it works" title="Three steps, no software to install">
        <StepList steps={STEPS} />
      </Section>

      <Section
        eyebrow="Who it is for"
        title="Made for anyone who records people talking"
        intro="If your work starts with a conversation, a transcript saves you time."
      >
        <FeatureGrid features={AUDIENCES} columns={4} />
      </Section>

      <Section tone="muted" title={`Why choose ${PRODUCT_NAME}`} width="narrow">
        <CheckList items={REASONS} />
        <p className="mt-8 text-slate-600">
          Want the details?{' '}
          <Link
            href="/features"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Explore every feature
          </Link>{' '}
          or{' '}
          <Link
            href="/free-transcription"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            see what the free plan includes
          </Link>
          .
        </p>
      </Section>

      <CtaBand
        title="Turn your next recording into text"
        text="Sign up free and transcribe your first file in minutes."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={['/voice-to-text', '/formats/mp3-to-text', '/automatic-transcription']}
      />
    </main>
  );
}
