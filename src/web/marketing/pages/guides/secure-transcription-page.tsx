import {
  Briefcase,
  Building2,
  EyeOff,
  FolderLock,
  GraduationCap,
  KeyRound,
  Landmark,
  Lock,
  Newspaper,
  Scale,
  Server,
  Stethoscope,
  Trash2,
  Users,
} from 'lucide-react';
import { PRODUCT_NAME } from '../../../../core/product';
import { PageLink, ScrollLink, SignUpLink } from '../../components/actions';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { FeatureGrid, type Feature } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { Section } from '../../components/section';
import { SECURE_TRANSCRIPTION_FAQS } from './secure-transcription-faqs';

const SECURITY_FEATURES: Feature[] = [
  {
    icon: EyeOff,
    title: 'Private to your account',
    description:
      'Only you can open your transcripts. Requests for anyone else’s are answered as if they did not exist.',
  },
  {
    icon: Lock,
    title: 'Encrypted connections',
    description:
      'Built to run over HTTPS, so uploads and transcripts travel encrypted between your browser and the service.',
  },
  {
    icon: KeyRound,
    title: 'Protected sign-in',
    description:
      'Passwords are stored only as hashes, sessions live on the server, and session cookies cannot be read by page scripts.',
  },
  {
    icon: Trash2,
    title: 'Delete when you want',
    description:
      'Remove any transcription at any time. Deleting your account removes your audio and transcripts, and the rest within 30 days.',
  },
  {
    icon: FolderLock,
    title: 'No selling, no training',
    description:
      'Your recordings are used to produce your transcripts and nothing else: never sold, never used to train models.',
  },
  {
    icon: Server,
    title: 'Run it on your own servers',
    description: `${PRODUCT_NAME} is self-hostable. With the built-in offline speech engine, audio never leaves your infrastructure.`,
  },
];

const INDUSTRIES: Feature[] = [
  {
    icon: Scale,
    title: 'Legal',
    description: 'Client interviews, dictated memos and recorded statements.',
  },
  {
    icon: Stethoscope,
    title: 'Healthcare',
    description:
      'Clinical dictation and case notes, where self-hosting keeps data in your network.',
  },
  {
    icon: GraduationCap,
    title: 'Research',
    description: 'Interviews with participants under ethics approval and data agreements.',
  },
  {
    icon: Users,
    title: 'Human resources',
    description: 'Investigations, grievances and exit interviews that must stay confidential.',
  },
  {
    icon: Newspaper,
    title: 'Journalism',
    description: 'Protect sources: recordings stay in your account, not a shared workspace.',
  },
  {
    icon: Landmark,
    title: 'Finance and public sector',
    description: 'Board meetings, hearings and calls under strict retention rules.',
  },
];

export default function SecureTranscriptionPage() {
  return (
    <main>
      <PageHero
        eyebrow="Secure transcription"
        title="Secure transcription for sensitive recordings"
        subtitle={`Interviews with sources, patients, clients and research participants deserve care. ${PRODUCT_NAME} keeps your recordings private, deletes them when you ask, and can run entirely on your own servers.`}
        actions={
          <>
            <SignUpLink>Start Transcribing Securely</SignUpLink>
            <ScrollLink to="security-features">See security features</ScrollLink>
          </>
        }
      />

      <Section
        id="security-features"
        eyebrow="Security features"
        title="Privacy built in, not bolted on"
        intro="What protects your recordings, in plain language."
      >
        <FeatureGrid features={SECURITY_FEATURES} />
      </Section>

      <Section
        tone="muted"
        eyebrow="Industries"
        title="For teams with confidential conversations"
        intro="Teams that handle sensitive audio use transcription to save time without giving up control."
      >
        <FeatureGrid features={INDUSTRIES} />
      </Section>

      <Section
        title="Need more control?"
        width="narrow"
        intro={`For custom data retention, single sign-on or running ${PRODUCT_NAME} inside your own network, talk to us.`}
      >
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <PageLink href="/contact" variant="primary">
            <Building2 aria-hidden="true" className="h-5 w-5" />
            Contact us about your organisation
          </PageLink>
          <PageLink href="/privacy">
            <Briefcase aria-hidden="true" className="h-5 w-5" />
            Read the privacy policy
          </PageLink>
        </div>
      </Section>

      <Section tone="muted" title="Frequently asked questions" width="narrow">
        <FaqList faqs={SECURE_TRANSCRIPTION_FAQS} />
      </Section>

      <CtaBand
        title="Transcribe with confidence"
        text="Create a free account and see how your recordings are handled for yourself."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks
        paths={['/use-cases/journalists', '/privacy', '/compare/ai-vs-human-transcription']}
      />
    </main>
  );
}
