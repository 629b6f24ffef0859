import { Link } from 'wouter';
import { PRODUCT_NAME, SUPPORT_HOURS } from '../../../../core/product';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { ContactCards } from './contact-cards';
import { ContactForm } from './contact-form';

const QUICK_ANSWERS = [
  { href: '/free-transcription', label: 'What the free plan includes' },
  { href: '/secure-transcription', label: 'How we keep your audio private' },
  { href: '/terms', label: 'Renewal and cancellation' },
  { href: '/privacy', label: 'Privacy policy' },
];

export default function ContactPage() {
  return (
    <main>
      <PageHero
        title="Contact Us"
        subtitle={`Questions about transcription, your account or billing? The ${PRODUCT_NAME} team answers ${SUPPORT_HOURS} and aims to reply within one working day.`}
      />

      <Section title="Ways to reach us" intro="Pick whatever suits you best.">
        <ContactCards />
      </Section>

      <section
        id="contact-form"
        aria-labelledby="contact-form-title"
        className="scroll-mt-16 bg-slate-50 px-4 py-16 sm:px-6 sm:py-20"
      >
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-3">
          <div className="lg:col-span-1">
            <h2
              id="contact-form-title"
              className="text-3xl font-bold tracking-tight text-slate-900"
            >
              Send a Message
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              Tell us what you need and we will reply by email. Please do not include passwords or
              card numbers.
            </p>
            <h3 className="mt-8 font-semibold text-slate-900">Quick answers</h3>
            <ul className="mt-3 space-y-2">
              {QUICK_ANSWERS.map((answer) => (
                <li key={answer.href}>
                  <Link
                    href={answer.href}
                    className="text-brand-700 underline underline-offset-2 hover:text-brand-600"
                  >
                    {answer.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
            <ContactForm />
          </div>
        </div>
      </section>
    </main>
  );
}
