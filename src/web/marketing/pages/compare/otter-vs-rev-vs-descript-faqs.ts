import { PRODUCT_NAME } from '../../../../core/product';
import type { Faq } from '../../components/faq-list';
import { FREE_SECONDS, PRO_PRICE } from '../../plan-facts';

export const OTTER_REV_DESCRIPT_FAQS: Faq[] = [
  {
    question: 'Which is best for meetings?',
    answer:
      'Otter is designed around meetings: it joins video calls, transcribes them live and produces notes and summaries. If most of your audio happens on calls, start there.',
  },
  {
    question: 'Which is best when every word must be right?',
    answer:
      'Rev offers transcripts produced by professional human transcribers in addition to automatic ones. For court, compliance or verbatim publication, a human transcript is the safer choice.',
  },
  {
    question: 'Which is best for podcasts and video?',
    answer:
      'Descript is an editor first: you cut audio and video by editing the transcript. If you produce and edit episodes yourself, it is a strong fit. If you only need the text of an episode, a simpler transcription tool does the job for less.',
  },
  {
    question: `Where does ${PRODUCT_NAME} fit?`,
    answer: `${PRODUCT_NAME} is for people who record interviews, lectures, podcasts and voice notes and want the text quickly, privately and at a flat price: a free ${FREE_SECONDS}-second trial, a free plan, and Pro at ${PRO_PRICE}. Organisations can also run it on their own servers.`,
  },
];
