import { PRODUCT_NAME } from '../../../../core/product';
import type { Faq } from '../../components/faq-list';
import { FREE_SECONDS, MAX_UPLOAD, RECORDER_MINUTES } from '../../plan-facts';

export const VOICE_TO_TEXT_FAQS: Faq[] = [
  {
    question: 'Can I record directly in the browser?',
    answer: `Yes. Signed-in users can press record on the dashboard and speak for up to ${RECORDER_MINUTES} minutes. Your browser asks for microphone permission the first time. For longer sessions, record with your phone or a voice recorder app and upload the file.`,
  },
  {
    question: 'Which languages does voice to text support?',
    answer: `English is supported on every ${PRODUCT_NAME} service. Services that connect a multilingual speech engine can transcribe many other languages and detect the language automatically.`,
  },
  {
    question: 'How accurate is it?',
    answer:
      'Accuracy depends mostly on the recording. One clear voice close to the microphone in a quiet room gives the best results; background noise, music, crosstalk and distant microphones cause more mistakes. Always read the transcript through before you publish or rely on it.',
  },
  {
    question: 'Is there a length limit?',
    answer: `Free transcripts cover the first ${FREE_SECONDS} seconds of each recording. Pro transcribes whole files up to ${MAX_UPLOAD}, which is several hours of compressed audio.`,
  },
  {
    question: 'Is my voice recording stored?',
    answer:
      'Recordings you transcribe in your account are stored with the transcript so you can play them back, until you delete them. Audio sent through the free trial without an account is not kept after the transcript is returned.',
  },
];
