import { PRODUCT_NAME } from '../../../../core/product';
import type { Faq } from '../../components/faq-list';

export const SECURE_TRANSCRIPTION_FAQS: Faq[] = [
  {
    question: 'Who can see my transcripts?',
    answer:
      'Only you, when signed in to your account. A request for someone else’s transcription is answered as if it did not exist, so its existence is not even confirmed.',
  },
  {
    question: 'Do you use my audio to train AI models?',
    answer:
      'No. Your audio and transcripts are used only to provide the service to you. We do not sell them and do not use them for training.',
  },
  {
    question: 'Where is my audio processed?',
    answer: `By the speech engine this ${PRODUCT_NAME} service is configured with. The built-in engine runs on the service’s own servers, so audio never leaves them. If an external speech provider is used for higher quality, audio is sent to it over an encrypted connection only to produce your transcript; our privacy policy explains this.`,
  },
  {
    question: 'What happens when I delete my account?',
    answer:
      'Your audio and transcripts are deleted, and the rest of your personal data is deleted or anonymised within 30 days.',
  },
  {
    question: `Is ${PRODUCT_NAME} HIPAA or GDPR compliant?`,
    answer: `${PRODUCT_NAME} is built with privacy principles at its core: data minimisation, deletion on request and no data selling. Compliance, however, depends on how and where a service is run and on the agreements in place. Organisations with regulatory duties can run ${PRODUCT_NAME} on their own infrastructure, inside their existing controls; talk to your compliance team before transcribing regulated data.`,
  },
  {
    question: 'Do you offer enterprise plans?',
    answer:
      'Organisations with custom retention or security needs can contact us to discuss options, including running the software on their own servers.',
  },
];
