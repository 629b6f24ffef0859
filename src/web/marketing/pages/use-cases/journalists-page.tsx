import { PRODUCT_NAME } from '../../../../core/product';
import { ScrollLink, SignUpLink } from '../../components/actions';
import { CtaBand } from '../../components/cta-band';
import { FeatureGrid } from '../../components/feature-grid';
import { PageHero } from '../../components/page-hero';
import { RelatedLinks } from '../../components/related-links';
import { ScenarioQuotes } from '../../components/scenario-quotes';
import { Section } from '../../components/section';
import { StepList } from '../../components/step-list';
import { BENEFITS, ESSENTIAL_FEATURES, SUPPORTING_FEATURES, WORKFLOWS } from './journalists-data';
import { SampleTranscript } from './sample-transcript';

export default function JournalistsPage() {
  return (
    <main>
      <PageHero
        eyebrow="For journalists"
        title="Interview transcription for journalists"
        subtitle={`Spend your time reporting, not typing. ${PRODUCT_NAME} turns interviews, press conferences and source recordings into timestamped text, so you can find and verify every quote.`}
        actions={
          <>
            <SignUpLink>Start Transcribing Interviews</SignUpLink>
            <ScrollLink to="workflows">See workflows</ScrollLink>
          </>
        }
        note="Free plan available. No credit card required."
        aside={<SampleTranscript />}
      />

      <Section
        eyebrow="Benefits"
        title="Built for the way reporters work"
        intro="On deadline, the transcript is the bottleneck. Remove it."
      >
        <FeatureGrid features={BENEFITS} columns={4} />
      </Section>

      <Section
        id="workflows"
        tone="muted"
        eyebrow="Workflows"
        title="From recording to published story"
        intro="Three common workflows, five steps each."
      >
        <div className="space-y-12">
          {WORKFLOWS.map((workflow) => (
            <div key={workflow.title}>
              <h3 className="text-2xl font-semibold text-slate-900">{workflow.title}</h3>
              <p className="mt-2 text-slate-600">{workflow.intro}</p>
              <div className="mt-6">
                <StepList steps={workflow.steps} columns={5} />
              </div>
            </div>
          ))}
        </div>
      </Section>

      <Section eyebrow="Essential features" title="The three features reporters rely on">
        <FeatureGrid features={ESSENTIAL_FEATURES} />
      </Section>

      <Section tone="muted" title="In the newsroom" width="narrow">
        <ScenarioQuotes
          scenarios={[
            {
              quote:
                'After a long interview I upload the file on the train back, and by the time I sit down to write, I can search for the lines I remember and check them against the audio.',
              role: 'Local news reporter, daily deadlines',
            },
            {
              quote:
                'On a long investigation I keep every interview transcribed in one place. When a name comes up again months later, I can find every time it was mentioned.',
              role: 'Freelance investigative journalist',
            },
          ]}
        />
      </Section>

      <Section eyebrow="And more" title="Everything else you need">
        <FeatureGrid features={SUPPORTING_FEATURES} />
      </Section>

      <CtaBand
        title="Get your next interview transcribed"
        text="Sign up free and upload your first recording today."
        actions={<SignUpLink variant="secondary">Get Started Free</SignUpLink>}
        note="No credit card required"
      />

      <RelatedLinks paths={['/secure-transcription', '/use-cases/podcasters', '/audio-to-text']} />
    </main>
  );
}
