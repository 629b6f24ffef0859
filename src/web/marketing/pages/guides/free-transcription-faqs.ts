import type { Faq } from '../../components/faq-list';
import {
  FREE_MONTHLY_LIMIT,
  FREE_SECONDS,
  FREE_STORAGE,
  PRO_PRICE,
  PRO_STORAGE,
  TRIAL_FORMATS,
} from '../../plan-facts';

export const FREE_TRANSCRIPTION_FAQS: Faq[] = [
  {
    question: 'Is the free plan really free?',
    answer:
      'Yes. The free plan costs nothing, has no time limit and needs no credit card. You only pay if you choose to upgrade to Pro.',
  },
  {
    question: 'What happens if my recording is longer than the free limit?',
    answer: `It is still accepted, but only the first ${FREE_SECONDS} seconds are transcribed, and the transcript is marked as shortened. Upgrade to Pro to transcribe whole files.`,
  },
  {
    question: 'Can I try it without creating an account?',
    answer: `Yes. The free trial on our home page transcribes the first ${FREE_SECONDS} seconds of a ${TRIAL_FORMATS} file with no login. The audio is not kept afterwards.`,
  },
  {
    question: 'When does my monthly allowance reset?',
    answer: `Your ${FREE_MONTHLY_LIMIT} free transcriptions renew at the start of each calendar month (UTC). Unused transcriptions do not roll over.`,
  },
  {
    question: 'What happens when my storage is full?',
    answer: `The free plan stores up to ${FREE_STORAGE} of audio. Delete older transcriptions to make room, or upgrade to Pro for ${PRO_STORAGE}.`,
  },
  {
    question: 'Can I cancel Pro and go back to free?',
    answer: `Yes. Cancel in your account settings at least 24 hours before the end of your billing period; you keep Pro until the period ends and then return to the free plan. Pro costs ${PRO_PRICE}.`,
  },
];
