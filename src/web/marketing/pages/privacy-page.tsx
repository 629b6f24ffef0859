import { Link } from 'wouter';
import { PRIVACY_POLICY_DATE, PRODUCT_NAME } from '../../../core/product';
import { ContactEmail } from '../components/contact-email';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { FREE_SECONDS } from '../plan-facts';

const name = PRODUCT_NAME;

const SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account details</strong>: your name or username, your email address, a profile
            image if your sign-in provider supplies one, and your password in hashed form (we never
            store it in readable form). If you sign in through a single sign-on provider, we receive
            the identifier and profile details that provider shares.
          </li>
          <li>
            <strong>Audio and transcripts</strong>: the files you upload or record, the transcripts
            we produce from them, and details about each file such as its name, size, duration and
            the date you added it.
          </li>
          <li>
            <strong>Subscription details</strong>: your plan, the status and renewal date of your
            subscription and the identifiers our payment provider gives us. Card numbers are entered
            directly into the payment provider&apos;s secure form and never reach our servers.
          </li>
          <li>
            <strong>Messages you send us</strong>: the name, email address, subject and message you
            enter in our contact form or send by email.
          </li>
          <li>
            <strong>Technical data</strong>: IP addresses, browser type and request logs, used to
            keep the service secure, limit abuse and fix errors.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'free-trial',
    title: 'The free trial without an account',
    body: (
      <p>
        When you use the free trial on our home page, we transcribe the first {FREE_SECONDS} seconds
        of the file you choose and show you the text. We do not keep the audio or the transcript
        after answering, and we do not link the trial to an identity. We may record the
        request&apos;s IP address for a short time to prevent abuse.
      </p>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use your information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>create and secure your account and keep you signed in;</li>
          <li>
            transcribe your audio and store your transcripts so you can view and download them;
          </li>
          <li>apply your plan&apos;s limits and process your subscription payments;</li>
          <li>answer your questions and send messages about your account or billing;</li>
          <li>detect and prevent fraud, abuse and security incidents;</li>
          <li>meet our legal obligations.</li>
        </ul>
        <p>
          We do not use your audio or transcripts for advertising, we do not sell them, and we do
          not use them to train speech models.
        </p>
      </>
    ),
  },
  {
    id: 'speech-processing',
    title: 'How your audio is transcribed',
    body: (
      <p>
        Transcription is done by the speech recognition engine configured for this service. By
        default that engine runs on our own servers and your audio does not leave them. Where we use
        an external speech-to-text provider to improve quality, the audio is sent to that provider
        over an encrypted connection only to produce the transcript. We choose providers that do not
        use submitted audio for any other purpose, such as training their models.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use one essential cookie to keep you signed in. It is marked HttpOnly, so scripts on web
        pages cannot read it, and it is sent only over encrypted connections when the service runs
        on HTTPS. We do not use advertising or cross-site tracking cookies. Our payment provider may
        set its own cookies on the checkout form to prevent fraud.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'When we share information',
    body: (
      <>
        <p>We share personal information only:</p>
        <ul>
          <li>
            with service providers that help us run {name}, such as our payment provider, email
            delivery and, where used, a speech-to-text provider, each limited to what it needs for
            its task;
          </li>
          <li>when the law requires it, or to protect the rights and safety of our users;</li>
          <li>
            with a successor organisation if the service is transferred, which must honour this
            policy.
          </li>
        </ul>
        <p>We never sell personal information.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <>
        <p>
          Your audio and transcripts stay in your account until you delete them. You can delete any
          transcription from your dashboard at any time.
        </p>
        <p>
          When you delete your account in <Link href="/account">account settings</Link>, we delete
          your audio and transcripts, and delete or anonymise the rest of your personal data within
          30 days. We may keep billing records for as long as tax and accounting law requires.
          Messages sent through the contact form are kept as long as needed to handle your request.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Transcripts can only be opened by the account that created them; requests for anyone
        else&apos;s transcription are answered as if it did not exist. Passwords are stored as
        hashes, sessions are kept on the server, and access to our systems is restricted to the
        people who operate them. No system is perfectly secure, but we work to protect your data and
        will tell you promptly if a breach affects it.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete
          your personal data, and to object to or restrict how we use it. Much of this you can do
          yourself: download your transcripts, delete them, or delete your account. For anything
          else, contact us via <ContactEmail /> and we will answer within 30 days.
        </p>
        <p>
          If you believe we have handled your data unlawfully, you may also complain to your local
          data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        {name} is not meant for children under 16, and we do not knowingly collect their personal
        data. If you believe a child has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as the service changes. The date at the top shows the latest
        version. If a change materially affects how we use your data, we will tell you by email or
        in the app before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about this policy or your data? Contact us via <ContactEmail />.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_POLICY_DATE}
      intro={
        <p>
          This policy explains what information {name} collects when you use our website and
          service, how we use it, and the choices you have. In short: we collect little, we never
          sell it, and you can delete your data whenever you like.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
