import type { Faq } from '../components/faq-list';
import {
  ACCOUNT_FORMATS,
  FREE_MONTHLY_LIMIT,
  FREE_SECONDS_ADJECTIVE,
  FREE_STORAGE,
  MAX_UPLOAD,
  PRO_PRICE_WORDS,
  PRO_STORAGE,
} from '../plan-facts';

export const PRICING_FAQS: Faq[] = [
  {
    question: 'What does the free plan include?',
    answer: `${FREE_MONTHLY_LIMIT} transcriptions a month of the first ${FREE_SECONDS_ADJECTIVE}s of each recording, ${FREE_STORAGE} of storage, the editor, speaker names, search, sharing and every download format. No card is needed.`,
  },
  {
    question: 'What does Pro add?',
    answer: `Whole recordings up to ${MAX_UPLOAD} each, unlimited transcriptions, ${PRO_STORAGE} of storage and priority in the queue, for ${PRO_PRICE_WORDS}.`,
  },
  {
    question: 'Is Pro transcription more accurate than Free?',
    answer: `No: both plans use the same speech engine on this server. Pro transcribes whole files instead of the first ${FREE_SECONDS_ADJECTIVE}s, and its jobs go first.`,
  },
  {
    question: 'Which files can I upload?',
    answer: `${ACCOUNT_FORMATS}, up to ${MAX_UPLOAD}. You can also record in the browser.`,
  },
  {
    question: 'Can I cancel?',
    answer:
      'Yes, at any time from your account settings. Pro stays on until the end of the month you paid for, and then your account returns to Free with your transcripts kept.',
  },
];
