import { PRODUCT_NAME } from '../../../../core/product';
import type { Faq } from '../../components/faq-list';

export const AI_VS_HUMAN_FAQS: Faq[] = [
  {
    question: 'Is AI transcription accurate enough to replace humans?',
    answer:
      'For many everyday uses, yes: notes, search, drafts and research coding work well from a machine transcript of clear audio. For legal records, medical documentation and verbatim publication, a human transcript or at least a human review remains the standard.',
  },
  {
    question: 'Why is human transcription so much more expensive?',
    answer:
      'A skilled transcriber typically needs around four hours or more to transcribe and check one hour of audio, and that time is paid per audio minute. Software does the same work in minutes, at a tiny fraction of the cost.',
  },
  {
    question: 'What affects AI transcription accuracy most?',
    answer:
      'The recording. Distance from the microphone, background noise, music, people talking over each other, accents and specialist vocabulary all matter far more than which modern engine you use.',
  },
  {
    question: 'Is AI transcription more private than a human service?',
    answer: `It can be: no person needs to listen to your recording. With ${PRODUCT_NAME}, transcripts are private to your account, and organisations can run the service on their own servers so audio never leaves them.`,
  },
];
