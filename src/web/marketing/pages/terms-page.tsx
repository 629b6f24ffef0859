import { Link } from 'wouter';
import { PRIVACY_POLICY_DATE, PRODUCT_NAME } from '../../../core/product';
import { ContactEmail } from '../components/contact-email';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import {
  FREE_MONTHLY_LIMIT,
  FREE_SECONDS,
  FREE_STORAGE,
  MAX_UPLOAD,
  PRO_PLAN,
  PRO_STORAGE,
} from '../plan-facts';

const name = PRODUCT_NAME;

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    body: (
      <p>
        By creating an account or using {name}, you agree to these terms and to our{' '}
        <Link href="/privacy">privacy policy</Link>. If you use {name} on behalf of an organisation,
        you confirm that you may accept these terms for it. If you do not agree, please do not use
        the service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <p>
        {name} converts audio you upload or record into text using automatic speech recognition,
        stores the results in your account and lets you view and download them. We may improve,
        change or discontinue features over time; if we remove something you pay for, we will tell
        you in advance.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <p>
        You must give accurate information when you sign up, keep your password secure and tell us
        promptly if you suspect someone else has used your account. You are responsible for what
        happens in your account. You must be at least 16 years old to create one.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Free plan and free trial',
    body: (
      <>
        <p>
          The free trial transcribes the first {FREE_SECONDS} seconds of a file without an account.
          The free plan includes {FREE_MONTHLY_LIMIT} transcriptions per calendar month of up to{' '}
          {FREE_SECONDS} seconds each and {FREE_STORAGE} of storage. Longer recordings are
          transcribed up to that limit.
        </p>
        <p>
          We may change the free plan&apos;s limits; changes apply from the next calendar month and
          are shown on our pricing pages.
        </p>
      </>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Pro subscription, renewal and cancellation',
    body: (
      <>
        <p>
          The Pro plan costs {PRO_PLAN.price} per {PRO_PLAN.period}, plus any taxes that apply, and
          includes full-length transcripts of files up to {MAX_UPLOAD}, unlimited transcriptions and{' '}
          {PRO_STORAGE} of storage. Payment is taken by card through our payment provider at the
          start of each billing period.
        </p>
        <p>
          <strong>
            Your subscription renews automatically each month unless you cancel it at least 24 hours
            before the end of the current period.
          </strong>{' '}
          You can cancel at any time in your <Link href="/account">account settings</Link>. After
          cancelling you keep Pro until the end of the period you have paid for, and you are not
          charged again. Payments already made are not refunded, except where the law requires.
        </p>
        <p>
          If we change the price, we will tell you at least 30 days before it applies to your next
          renewal, so you can cancel first if you wish.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and our licence to process it',
    body: (
      <>
        <p>
          You keep all rights to the audio you upload or record and to the transcripts made from it.
          We claim no ownership of your content.
        </p>
        <p>
          You grant us a limited, non-exclusive, royalty-free licence to store, copy, process and
          transmit your content only as needed to provide the service to you: for example to
          transcribe it, keep it in your account and deliver your downloads. This licence ends when
          you delete the content or your account, except for copies we must keep by law.
        </p>
        <p>
          You confirm that you have the right to upload each recording, including any consent the
          law requires from the people recorded.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>upload content you have no right to use, or that is unlawful;</li>
          <li>record or transcribe people in breach of the laws that protect them;</li>
          <li>attempt to access other users&apos; data or disrupt the service;</li>
          <li>get around plan limits, rate limits or other technical restrictions;</li>
          <li>resell the service or use it to build a competing product without our permission.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'accuracy',
    title: 'Accuracy of transcripts',
    body: (
      <p>
        Automatic transcription can contain errors, especially with background noise, overlapping
        speakers, strong accents or specialist terms. Transcripts are provided as they are: review
        them before relying on them, particularly for legal, medical, financial or published
        material.
      </p>
    ),
  },
  {
    id: 'deletion',
    title: 'Account deletion and termination',
    body: (
      <>
        <p>
          You can delete your account at any time in <Link href="/account">account settings</Link>.
          When you do, we delete your audio and transcripts, and your remaining data is deleted or
          anonymised within 30 days of account deletion, as described in our{' '}
          <Link href="/privacy">privacy policy</Link>.
        </p>
        <p>
          We may suspend or close accounts that seriously or repeatedly break these terms. Unless
          the breach makes it impossible, we will warn you first and give you a chance to download
          your transcripts.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        We work hard to keep {name} available and reliable, but we cannot promise it will be
        uninterrupted or error-free. To the extent the law allows, we are not liable for indirect or
        consequential losses, and our total liability to you is limited to the amount you paid us in
        the twelve months before the claim. Nothing in these terms limits rights you have as a
        consumer that cannot be limited by contract.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. If a change materially affects you, we will give you notice by
        email or in the app before it takes effect. Continuing to use {name} after that means you
        accept the new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Contact us via <ContactEmail />.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={PRIVACY_POLICY_DATE}
      intro={
        <p>
          These terms govern your use of {name}. We have tried to keep them short and readable. The
          most important points: your recordings and transcripts stay yours, Pro renews monthly
          until you cancel, and deleting your account deletes your data.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
