import { BadgeDollarSign, Download, FileText, Zap } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../core/product';
import { ScrollLink, SignUpLink } from './components/actions';
import { CtaBand } from './components/cta-band';
import { FeatureGrid, type Feature } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';
import { lazyWithPreload as lazy } from '../lib/lazy-with-preload';
import { FreeTrialFallback } from './free-trial-fallback';
import {
  FREE_MONTHLY_LIMIT,
  FREE_SECONDS,
  FREE_SECONDS_ADJECTIVE,
  PRO_PRICE_WORDS,
} from './plan-facts';
import { PricingCards } from '../components/pricing-cards';
import { HOME_META } from './home-meta';
import { usePageMeta } from './use-page-meta';
import { useScrollOnEnter } from './use-scroll-on-enter';

// Lazy so the free-trial widget (file drop, result dialog) never weighs on the page's first paint.
const FreeTrialSlot = lazy(() => import('./free-trial-slot'));

const FEATURES: Feature[] = [
  {
    icon: FileText,
    title: 'Accurate Transcriptions',
    description:
      'Clear speech becomes readable text, split into timed segments so you can check any passage against the recording.',
  },
  {
    icon: Zap,
    title: 'Fast Processing',
    description:
      'Uploads go straight into a processing queue and your transcript appears on your dashboard when it is ready. Pro jobs go first.',
  },
  {
    icon: Download,
    title: 'Easy Download',
    description:
      'Download any transcript as plain text, Word (DOCX), PDF, Markdown or subtitles (SRT, VTT), with speaker names where more than one person speaks.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Affordable Plans',
    description: `Start free with ${FREE_MONTHLY_LIMIT} transcriptions a month. Pro is ${PRO_PRICE_WORDS} for full-length files and unlimited transcriptions.`,
  },
];

export default function LandingPage() {
  usePageMeta(HOME_META);
  useScrollOnEnter();
  return (
    <main>
      <PageHero
        eyebrow={`${PRODUCT_NAME} audio transcription`}
        title="Transform your audio into text in seconds"
        subtitle={`Upload a recording and ${PRODUCT_NAME} turns it into text you can read, search and download. Try a free ${FREE_SECONDS_ADJECTIVE} transcript right here, no account needed.`}
        actions={
          <>
            <ScrollLink to="free-trial" variant="primary">
              Try It Free
            </ScrollLink>
            <ScrollLink to="features">Learn more</ScrollLink>
          </>
        }
        note="No credit card required"
      />

      <Section
        id="free-trial"
        tone="muted"
        title="Try It Free"
        intro={`Upload any audio file and get the first ${FREE_SECONDS} seconds transcribed instantly. No login required!`}
      >
        <Suspense fallback={<FreeTrialFallback />}>
          <FreeTrialSlot />
        </Suspense>
      </Section>

      <Section
        id="features"
        eyebrow="Why people choose us"
        title="Everything you need to turn speech into text"
        intro={
          <>
            From interviews and lectures to voice memos and podcasts: upload, wait a moment, read.{' '}
            <Link
              href="/features"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              See all features
            </Link>
            .
          </>
        }
      >
        <FeatureGrid features={FEATURES} columns={4} />
      </Section>

      <Section
        id="pricing"
        tone="muted"
        eyebrow="Pricing"
        title="Simple plans, no surprises"
        intro="Start on the free plan and upgrade when you need full-length transcripts. Cancel any time."
      >
        <PricingCards isAuthenticated={false} isPaid={false} />
      </Section>

      <CtaBand
        title="Ready for full access? Sign up for an account today."
        text="Keep your transcripts in one place, download them whenever you need them, and upgrade only if you want more."
        actions={
          <>
            <SignUpLink variant="secondary">Sign up for free</SignUpLink>
            <ScrollLink to="free-trial" variant="outline-on-dark">
              Try Without Account
            </ScrollLink>
          </>
        }
        note="No credit card required"
      />
    </main>
  );
}
