import {
  Accessibility,
  AudioLines,
  Clock,
  Globe,
  ListMusic,
  Megaphone,
  NotebookPen,
  Repeat2,
  Search,
  TextQuote,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, SignUpLink } from '../../components/actions';
import { CheckList } from '../../components/check-list';
import { CtaBand } from '../../components/cta-band';
import { FeatureGrid, type Feature } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { Section } from '../../components/section';
import { StepList, type Step } from '../../components/step-list';
import { MAX_UPLOAD } from '../../plan-facts';

const BENEFITS: Feature[] = [
  {
    icon: Search,
    title: 'Get found in search',
    description:
      'Search engines index text, not audio. A transcript puts every topic you cover on the page.',
  },
  {
    icon: Accessibility,
    title: 'Reach every listener',
    description:
      'Deaf and hard-of-hearing audiences, and people who prefer reading, can follow every episode.',
  },
  {
    icon: Repeat2,
    title: 'Repurpose each episode',
    description: 'Blog posts, newsletters and social clips start from the words you already said.',
  },
  {
    icon: Clock,
    title: 'Save editing time',
    description: 'Find the segment you want to cut or quote by reading instead of listening.',
  },
];

const STEPS: Step[] = [
  { title: 'Upload', description: `Upload your episode export, up to ${MAX_UPLOAD} on Pro.` },
  {
    title: 'AI transcription',
    description: 'Speech recognition transcribes the episode in the background.',
  },
  { title: 'Review and edit', description: 'Skim the timestamped text and fix names and jargon.' },
  {
    title: 'Export and publish',
    description: 'Download the text and publish it with your episode.',
  },
];

const FEATURES: Feature[] = [
  {
    icon: AudioLines,
    title: 'Episode transcription',
    description: 'Full-length transcripts of every episode with Pro, split into timed segments.',
  },
  {
    icon: NotebookPen,
    title: 'Show notes generator',
    badge: 'Coming soon',
    description:
      'A first draft of show notes from the transcript. Today: copy from the transcript.',
  },
  {
    icon: TextQuote,
    title: 'Quote extraction',
    badge: 'Coming soon',
    description:
      'Suggested quotable lines for social posts. Today: search the transcript for them.',
  },
  {
    icon: ListMusic,
    title: 'Topic segmentation',
    badge: 'Coming soon',
    description:
      'Chapters by topic for your episode page. Today: timestamps mark where topics begin.',
  },
];

function Block({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <div className="flex items-center gap-3">
        <Icon aria-hidden="true" className="h-7 w-7 text-brand-600" />
        <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
      </div>
      <div className="mt-4 text-slate-700">{children}</div>
    </div>
  );
}

export default function PodcastersPage() {
  return (
    <main>
      <PageHero
        eyebrow="For podcasters"
        title="Podcast transcription that works for your show"
        subtitle={`Turn every episode into text for your website, show notes and social posts. ${PRODUCT_NAME} makes your podcast searchable, accessible and easy to repurpose.`}
        actions={
          <>
            <SignUpLink>Try Podcast Transcription</SignUpLink>
            <PageLink href="/features">See all features</PageLink>
          </>
        }
        note="No credit card required"
      />

      <Section eyebrow="Benefits" title="Why transcribe your podcast?">
        <FeatureGrid features={BENEFITS} columns={4} />
      </Section>

      <Section tone="muted" eyebrow="How it works" title="From episode to transcript in four steps">
        <StepList steps={STEPS} />
      </Section>

      <Section
        eyebrow="Features"
        title="Tools for podcasters"
        intro="Transcription today, with more podcast tools on the way."
      >
        <FeatureGrid features={FEATURES} columns={4} />
      </Section>

      <Section tone="muted" title="Three reasons every episode deserves a transcript">
        <div className="grid gap-6 lg:grid-cols-3">
          <Block icon={Globe} title="SEO">
            <p>
              Audio is invisible to search engines. Publishing a transcript with each episode gives
              them every keyword, name and topic you discussed.
            </p>
            <CheckList
              className="mt-4 text-sm"
              items={[
                'Full text on each episode page',
                'Long-tail searches find old episodes',
                'Quotable lines others can link to',
              ]}
            />
          </Block>
          <Block icon={Megaphone} title="Repurposing">
            <p>One conversation can feed a week of content once it is in text form.</p>
            <CheckList
              className="mt-4 text-sm"
              items={[
                'Blog posts and newsletters',
                'Social posts and audiogram captions',
                'Guest bios and episode summaries',
              ]}
            />
          </Block>
          <Block icon={Accessibility} title="Accessibility">
            <p>A transcript opens your show to people who cannot, or would rather not, listen.</p>
            <CheckList
              className="mt-4 text-sm"
              items={[
                'Deaf and hard-of-hearing listeners',
                'Non-native speakers reading along',
                'Anyone in a quiet office or on a train',
              ]}
            />
          </Block>
        </div>
      </Section>

      <CtaBand
        title="Make your next episode searchable"
        text="Sign up free, upload an episode and see the transcript for yourself."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={[
          '/formats/mp3-to-text',
          '/use-cases/journalists',
          '/compare/otter-vs-rev-vs-descript',
        ]}
      />
    </main>
  );
}
