import { PRODUCT_NAME } from '../../../../core/product';
import type { Faq } from '../../components/faq-list';
import { FREE_MONTHLY_LIMIT, FREE_SECONDS, PRO_PRICE } from '../../plan-facts';

export const FREE_VS_PAID_FAQS: Faq[] = [
  {
    question: 'Are free transcription tools safe to use?',
    answer:
      'Some are, some are not. Before uploading anything sensitive, read the privacy policy: check who can access your audio, how long it is kept, and whether it is used to train models or shared with partners. If the answers are vague, assume the worst.',
  },
  {
    question: 'When is a free tool enough?',
    answer:
      'For occasional short clips, a quick voice note or trying out transcription for the first time. Once you transcribe every week or work with long recordings, limits and lost time usually cost more than a subscription.',
  },
  {
    question: `What does ${PRODUCT_NAME} offer for free?`,
    answer: `A ${FREE_SECONDS}-second trial without an account, and a free plan with ${FREE_MONTHLY_LIMIT} transcriptions a month of up to ${FREE_SECONDS} seconds each. The same privacy rules apply to free and paid users.`,
  },
  {
    question: 'Is a monthly subscription better than paying per minute?',
    answer: `If you transcribe regularly, usually yes: a flat fee such as ${PRO_PRICE} stays the same however many hours you upload. Per-minute pricing suits people who transcribe rarely.`,
  },
];
