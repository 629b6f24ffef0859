import type { Faq } from '../../components/faq-list';
import { ACCOUNT_FORMATS, FREE_SECONDS, MAX_UPLOAD } from '../../plan-facts';

export const MP3_TO_TEXT_FAQS: Faq[] = [
  {
    question: 'How long can my MP3 be?',
    answer: `Pro accepts MP3 files up to ${MAX_UPLOAD}, which at typical speech bitrates is several hours of audio. Free transcripts cover the first ${FREE_SECONDS} seconds of each file.`,
  },
  {
    question: 'Does the MP3 bitrate affect accuracy?',
    answer:
      'Less than you might think. Speech is recognised well from 64 kbps mono upwards. Background noise, distance from the microphone and overlapping voices matter far more than bitrate.',
  },
  {
    question: 'What format is the transcript in?',
    answer:
      'You can read it online with timestamps and correct it in the browser beside the audio, and download it as TXT, DOCX, PDF, Markdown or subtitles (SRT, VTT).',
  },
  {
    question: 'Can I convert other formats too?',
    answer: `Yes. Your account and the free trial both take ${ACCOUNT_FORMATS} files, and the sound of MP4 and MOV videos. You can also record straight from your browser.`,
  },
];
