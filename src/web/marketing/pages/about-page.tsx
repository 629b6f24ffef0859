import {
  Accessibility,
  BookOpen,
  Briefcase,
  GraduationCap,
  Lightbulb,
  Mic,
  Newspaper,
  Scale,
  ShieldCheck,
  Target,
  Users,
} from 'lucide-react';
import { FOUNDED_YEAR, PRODUCT_NAME } from '../../../core/product';
import { PageLink, SignUpLink } from '../components/actions';
import { ContactEmail } from '../components/contact-email';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid, type Feature } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const VALUES: Feature[] = [
  {
    icon: Target,
    title: 'Accuracy',
    description:
      'A transcript is only useful if you can trust it. We keep every transcript tied to timed segments of the recording, so checking a passage takes seconds, and we are honest about what machine transcription can and cannot do.',
  },
  {
    icon: Accessibility,
    title: 'Accessibility',
    description:
      'Text makes audio searchable, quotable and readable for people who are deaf or hard of hearing, for non-native speakers and for anyone who would rather read. Our pages and app are built to work with a keyboard and a screen reader.',
  },
  {
    icon: ShieldCheck,
    title: 'Privacy',
    description:
      'Your recordings are yours. Only you can open your transcripts, you can delete them at any time, and we never sell your data. Organisations that need full control can run the software on their own servers.',
  },
  {
    icon: Lightbulb,
    title: 'Innovation',
    description:
      'Speech recognition improves every year. We build on open, replaceable speech engines so that better models can be adopted as they appear, without changing how you work.',
  },
];

const AUDIENCES: Feature[] = [
  {
    icon: Newspaper,
    title: 'Journalists',
    description: 'Interviews and press conferences, ready to quote.',
  },
  {
    icon: Mic,
    title: 'Podcasters and creators',
    description: 'Episodes turned into show notes, posts and captions.',
  },
  {
    icon: BookOpen,
    title: 'Researchers',
    description: 'Focus groups and field interviews, ready to code and analyse.',
  },
  {
    icon: Briefcase,
    title: 'Business professionals',
    description: 'Meetings, calls and dictated notes you can search later.',
  },
  {
    icon: Scale,
    title: 'Legal and healthcare',
    description: 'Dictation and recorded statements, kept private.',
  },
  {
    icon: GraduationCap,
    title: 'Educators and students',
    description: 'Lectures and seminars turned into study notes.',
  },
];

export default function AboutPage() {
  return (
    <main>
      <PageHero
        eyebrow={`Founded in ${FOUNDED_YEAR}`}
        title={`About ${PRODUCT_NAME}`}
        subtitle="We believe spoken words should be as easy to search, quote and share as written ones. Our job is to get you from a recording to usable text with as little effort as possible."
      />

      <Section title="Our story" width="narrow" align="left">
        <div className="space-y-5 text-lg text-slate-700">
          <p>
            {PRODUCT_NAME} started in {FOUNDED_YEAR} with a familiar frustration: hours of recorded
            interviews, lectures and meetings, and no quick way to find what was said in them.
            Typing them up by hand takes around four times as long as the recording itself. Most
            people simply never do it, and the recordings go unused.
          </p>
          <p>
            Automatic speech recognition had become good enough to change that, but the tools built
            on it were often expensive, tied to one cloud, or vague about what happened to the audio
            you uploaded. We set out to build a transcription service that is simple to use, fairly
            priced and clear about privacy, and that an organisation can also run on its own
            infrastructure.
          </p>
          <p>
            Today {PRODUCT_NAME} lets anyone try a free preview without an account, keeps a personal
            library of transcripts for signed-in users, and offers a Pro plan for people who
            transcribe long recordings every week.
          </p>
        </div>
      </Section>

      <Section
        tone="muted"
        eyebrow="What we stand for"
        title="Our values"
        intro="Four principles guide what we build and what we leave out."
      >
        <FeatureGrid features={VALUES} columns={2} />
      </Section>

      <Section
        title="Who we build for"
        intro="Anyone who records people talking and needs the words afterwards."
      >
        <FeatureGrid features={AUDIENCES} columns={3} />
      </Section>

      <Section tone="muted" title="Get in touch" width="narrow">
        <div className="flex flex-col items-center gap-6 text-center text-lg text-slate-700">
          <p>
            Questions, feedback or a story about how you use {PRODUCT_NAME}? Reach us via{' '}
            <ContactEmail />; we read every message.
          </p>
          <PageLink href="/contact">
            <Users aria-hidden="true" className="h-5 w-5" />
            Contact the team
          </PageLink>
        </div>
      </Section>

      <CtaBand
        title="See what your recordings have to say"
        text="Create a free account and transcribe your first files today."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />
    </main>
  );
}
