import { PRODUCT_NAME } from '../../../../core/product';
import { signUpHref } from '../../../lib/sign-up-href';
import type { ComparisonRow } from '../../components/comparison-table';
import type { Faq } from '../../components/faq-list';
import {
  ACCOUNT_FORMATS,
  FREE_MONTHLY_LIMIT,
  FREE_SECONDS,
  FREE_SECONDS_ADJECTIVE,
  MAX_UPLOAD,
  PRO_PRICE,
} from '../../plan-facts';

export interface ProductCard {
  name: string;
  badge?: string;
  summary: string;
  pros: string[];
  cons: string[];
  /** Sign-up goes to the server (full page); the rest are comparison pages. */
  link: { href: string; label: string; signUp?: boolean };
}

export const PRODUCTS: ProductCard[] = [
  {
    name: PRODUCT_NAME,
    badge: 'Best Overall',
    summary: 'Simple, private transcription with a free plan and one flat price.',
    pros: [
      `Free ${FREE_SECONDS_ADJECTIVE} trial without an account`,
      `Flat ${PRO_PRICE} for unlimited transcriptions`,
      'Private by default; can run on your own servers',
    ],
    cons: ['Speaker labels and DOCX/PDF export still to come'],
    link: { href: signUpHref(), label: 'Start free', signUp: true },
  },
  {
    name: 'AI meeting assistants',
    summary: 'Tools that join your video calls and take notes automatically.',
    pros: ['Live notes during meetings', 'Summaries and action items'],
    cons: ['Subscriptions commonly $10-30 a month', 'Built around calls, less so uploaded files'],
    link: { href: '/compare/otter-vs-rev-vs-descript', label: 'Compare Otter, Rev and Descript' },
  },
  {
    name: 'Human transcription services',
    summary: 'Professional transcribers type your audio by hand.',
    pros: ['Best on difficult audio', 'Verbatim and legal formats'],
    cons: ['Commonly $1-3 per audio minute', 'Hours or days to turn around'],
    link: {
      href: '/compare/ai-vs-human-transcription',
      label: 'Compare AI and human transcription',
    },
  },
  {
    name: 'Free transcription tools',
    summary: 'Free websites and built-in dictation features.',
    pros: ['No cost to start', 'Fine for a quick one-off'],
    cons: ['Tight limits, ads or unclear data use', 'Little or no storage and support'],
    link: { href: '/compare/free-vs-paid-tools', label: 'Compare free and paid tools' },
  },
];

export const COMPARISON_COLUMNS = [
  PRODUCT_NAME,
  'AI meeting assistants',
  'Human services',
  'Free tools',
];

export const COMPARISON_ROWS: ComparisonRow[] = [
  {
    label: 'Accuracy',
    values: [
      'Strong on clear audio',
      'Strong on clear audio',
      'Highest, reviewed by people',
      'Varies widely',
    ],
  },
  { label: 'Speed', values: ['Minutes', 'Live or minutes', 'Hours to days', 'Varies'] },
  {
    label: 'File size limits',
    values: [`${MAX_UPLOAD} per file`, 'Varies by plan', 'Usually generous', 'Often small'],
  },
  {
    label: 'Free tier',
    values: [
      `${FREE_MONTHLY_LIMIT} transcriptions a month (${FREE_SECONDS} s each)`,
      'Limited minutes',
      'Rarely',
      'Yes, with limits',
    ],
  },
  { label: 'Speaker recognition', values: ['Yes', 'Usually', 'Yes', 'Rarely'] },
  {
    label: 'Price',
    values: [PRO_PRICE, 'Commonly $10-30/month', 'Commonly $1-3/minute', '$0'],
  },
  { label: 'Can run on your own servers', values: [true, false, false, 'Some open-source tools'] },
];

export const KEY_FACTORS = [
  'Accuracy on your own recordings: test with a typical file, not a studio sample.',
  'Turnaround: minutes for a draft, or days for a human-checked transcript?',
  'Privacy: who can access your audio, where it is processed and whether it is used for training.',
  'Pricing model: flat monthly fee, per-minute charges, or limits that force an upgrade.',
  'File limits and formats: does it take your recorder’s files at their real length?',
  'Exports: the formats your editor, CMS or analysis software needs.',
];

export const INDUSTRIES: Array<{ title: string; items: string[] }> = [
  {
    title: 'Media and publishing',
    items: ['Interview transcripts', 'Podcast show notes', 'Video captions and scripts'],
  },
  {
    title: 'Education and research',
    items: ['Lecture notes', 'Qualitative interviews', 'Focus groups'],
  },
  {
    title: 'Business',
    items: ['Meeting records', 'Customer interviews', 'Sales call reviews'],
  },
  {
    title: 'Legal and healthcare',
    items: ['Dictated memos and letters', 'Recorded statements', 'Clinical notes'],
  },
];

export const TRANSCRIPTION_SOFTWARE_FAQS: Faq[] = [
  {
    question: 'What is the best transcription software?',
    answer: `It depends on your work. For meetings on video calls, a meeting assistant fits well. For court-ready or very difficult audio, a human service is worth the price. For turning interviews, lectures, podcasts and voice notes into text quickly, privately and at a flat price, we built ${PRODUCT_NAME}.`,
  },
  {
    question: 'Is AI transcription accurate enough for professional work?',
    answer:
      'For clear recordings it gives a strong first draft that saves most of the typing. Review the passages you quote or publish, and use a human transcriber when every word carries legal weight.',
  },
  {
    question: 'Can I try before I pay?',
    answer: `Yes: the free trial transcribes ${FREE_SECONDS} seconds without an account, and the free plan gives you ${FREE_MONTHLY_LIMIT} transcriptions a month.`,
  },
  {
    question: 'Which file formats are supported?',
    answer: `${ACCOUNT_FORMATS} files and the sound of MP4 and MOV videos, in your account and in the free trial, up to ${MAX_UPLOAD} per file.`,
  },
];
