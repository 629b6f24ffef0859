import { ArrowRight, Check, Minus } from 'lucide-react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../../../core/product';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { ScrollLink, SignUpLink } from '../../components/actions';
import { CheckList } from '../../components/check-list';
import { ComparisonTable } from '../../components/comparison-table';
import { CtaBand } from '../../components/cta-band';
import { FaqList } from '../../components/faq-list';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { ScenarioQuotes } from '../../components/scenario-quotes';
import { Section } from '../../components/section';
import { StepList, type Step } from '../../components/step-list';
import {
  COMPARISON_COLUMNS,
  COMPARISON_ROWS,
  INDUSTRIES,
  KEY_FACTORS,
  PRODUCTS,
  TRANSCRIPTION_SOFTWARE_FAQS,
  type ProductCard,
} from './transcription-software-data';

const WORKFLOW: Step[] = [
  {
    title: 'Record',
    description: 'Use a decent microphone close to the speaker, in a quiet room.',
  },
  { title: 'Transcribe', description: 'Upload the file and let software produce the first draft.' },
  {
    title: 'Review',
    description: 'Check names, numbers and quotes against the timestamped audio.',
  },
  {
    title: 'Use',
    description: 'Download the text and move it into your article, notes or report.',
  },
];

function ProductCardView({ product }: { product: ProductCard }) {
  const featured = Boolean(product.badge);
  // Not fixed-height button classes: comparison titles may wrap onto two lines in narrow cards.
  const linkClasses = cn(
    'inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-md px-4 py-2 text-center text-sm font-medium transition-colors',
    featured
      ? 'bg-brand-600 text-white shadow-sm hover:bg-brand-700'
      : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  );
  return (
    <li
      className={cn(
        'flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        featured ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{product.name}</h3>
        {product.badge ? <Badge tone="solid">{product.badge}</Badge> : null}
      </div>
      <p className="mt-2 text-sm text-slate-600">{product.summary}</p>
      <ul className="mt-4 space-y-2 text-sm" aria-label="Strengths">
        {product.pros.map((pro) => (
          <li key={pro} className="flex gap-2 text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
            {pro}
          </li>
        ))}
      </ul>
      <ul className="mt-3 mb-6 flex-1 space-y-2 text-sm" aria-label="Drawbacks">
        {product.cons.map((con) => (
          <li key={con} className="flex gap-2 text-slate-600">
            <Minus aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
            {con}
          </li>
        ))}
      </ul>
      {product.link.signUp ? (
        <a href={product.link.href} className={linkClasses}>
          {product.link.label}
        </a>
      ) : (
        <Link href={product.link.href} className={linkClasses}>
          {product.link.label}
          <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0" />
        </Link>
      )}
    </li>
  );
}

export default function TranscriptionSoftwarePage() {
  return (
    <main>
      <PageHero
        eyebrow="Transcription software"
        title="Choosing the best transcription software"
        subtitle="Meeting assistants, human services, free tools or a dedicated transcription app? Compare the options on what matters: accuracy, speed, limits, privacy and price."
        actions={
          <>
            <SignUpLink>Try {PRODUCT_NAME} Free</SignUpLink>
            <ScrollLink to="comparison">Jump to the comparison</ScrollLink>
          </>
        }
      />

      <Section
        eyebrow="The options"
        title="Four ways to get audio transcribed"
        intro="Each approach suits different work. Here is where each one shines, and where it falls short."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PRODUCTS.map((product) => (
            <ProductCardView key={product.name} product={product} />
          ))}
        </ul>
      </Section>

      <Section
        id="comparison"
        tone="muted"
        eyebrow="Feature comparison"
        title="Side by side"
        intro="Typical figures for each category; individual products vary, so check current plans before you buy."
      >
        <ComparisonTable
          caption="Transcription options compared"
          columns={COMPARISON_COLUMNS}
          rows={COMPARISON_ROWS}
          highlight={0}
        />
      </Section>

      <Section eyebrow="Key factors" title="What to look for before you choose" width="narrow">
        <CheckList items={KEY_FACTORS} />
      </Section>

      <Section tone="muted" eyebrow="Workflow" title="A transcription workflow that works">
        <StepList steps={WORKFLOW} />
      </Section>

      <Section title="In practice" width="narrow">
        <ScenarioQuotes
          scenarios={[
            {
              quote:
                'We tried a meeting bot, but most of our audio is recorded in the field, not on calls. Uploading files and getting a transcript back was what we actually needed.',
              role: 'Documentary producer, field recordings',
            },
            {
              quote:
                'Human transcription for every interview was eating the budget. Now we transcribe automatically and pay for a human pass only on the interviews we publish verbatim.',
              role: 'Research team lead, interview studies',
            },
          ]}
        />
      </Section>

      <Section tone="muted" eyebrow="By industry" title="Who uses transcription software">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {INDUSTRIES.map((industry) => (
            <li key={industry.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="font-semibold text-slate-900">{industry.title}</h3>
              <CheckList items={industry.items} className="mt-4 text-sm" />
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Our recommendation" width="narrow">
        <div className="space-y-4 text-lg text-slate-700">
          <p>
            If you mostly need to turn recordings into usable text (interviews, lectures, podcasts,
            voice notes), choose a dedicated transcription app with a fair flat price and clear
            privacy terms. That is what we built {PRODUCT_NAME} to be.
          </p>
          <p>
            If your work lives in video calls, a meeting assistant is worth a look. If every word
            must be right, for court or publication, add a human review for those files. Whatever
            you pick, test it on one of your own typical recordings first.
          </p>
        </div>
      </Section>

      <Section tone="muted" title="Frequently asked questions" width="narrow">
        <FaqList faqs={TRANSCRIPTION_SOFTWARE_FAQS} />
      </Section>

      <CtaBand
        title="Test it on your own recording"
        text="Sign up free and see how your audio comes out. No credit card required."
        actions={<SignUpLink variant="secondary">Sign up for free</SignUpLink>}
      />

      <RelatedLinks
        paths={[
          '/compare/otter-vs-rev-vs-descript',
          '/compare/ai-vs-human-transcription',
          '/compare/free-vs-paid-tools',
        ]}
      />
    </main>
  );
}
