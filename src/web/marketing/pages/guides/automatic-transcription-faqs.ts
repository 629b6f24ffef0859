import { PRODUCT_NAME } from '../../../../core/product';
import type { Faq } from '../../components/faq-list';
import { FREE_MONTHLY_LIMIT, FREE_SECONDS, PRO_PRICE } from '../../plan-facts';

export const AUTOMATIC_TRANSCRIPTION_FAQS: Faq[] = [
  {
    question: 'What is automatic transcription?',
    answer:
      'Automatic transcription uses speech recognition software to convert spoken audio into written text without a person typing it. The software analyses the sound, recognises words and assembles them into a transcript.',
  },
  {
    question: 'Is automatic transcription as accurate as a human transcriber?',
    answer:
      'On clear recordings of one or two speakers, modern speech recognition gets most words right and makes a good first draft. Professional human transcribers still do better with heavy noise, overlapping speech, strong accents and specialist vocabulary. A common approach is to transcribe automatically and have a person review the passages that matter.',
  },
  {
    question: 'How long does automatic transcription take?',
    answer:
      'Usually minutes rather than the hours or days a manual transcript takes. Exact time depends on the length of the recording and how busy the service is; Pro jobs are processed first.',
  },
  {
    question: `How much does ${PRODUCT_NAME} cost?`,
    answer: `The free plan includes ${FREE_MONTHLY_LIMIT} transcriptions a month of up to ${FREE_SECONDS} seconds each. Pro costs ${PRO_PRICE} for full-length files and unlimited transcriptions.`,
  },
  {
    question: 'How do I get the best results?',
    answer:
      'Record close to the speaker, in a quiet room, with one person speaking at a time. Avoid music under speech. An inexpensive clip-on microphone often improves accuracy more than any software setting.',
  },
];
