import { PRODUCT_NAME, SUPPORT_HOURS } from '../../core/product';
import { FREE_SECONDS_ADJECTIVE, PRO_PRICE } from './plan-facts';
import type { PublicPath } from './public-routes';

export type SitemapGroup =
  'Main Pages' | 'Guides' | 'Use Cases' | 'File Format Guides' | 'Comparisons';

export interface PublicPageMeta {
  /** The document title. */
  title: string;
  /** The meta description for search engines. */
  description: string;
  /** Kept out of search engines (the /sitemap page). */
  noindex?: boolean;
  /** A short name for the sitemap page and "keep reading" links. */
  label: string;
  group: SitemapGroup;
}

const name = PRODUCT_NAME;

/** Head tags and labels of every public route, in sitemap order. */
export const PAGE_META: Record<PublicPath, PublicPageMeta> = {
  '/about': {
    label: 'About Us',
    group: 'Main Pages',
    title: `About ${name} - Our story and values`,
    description: `Founded in 2024, ${name} makes spoken words as easy to work with as written ones. Read our story and the values we build on: accuracy, accessibility, privacy and innovation.`,
  },
  '/features': {
    label: 'Features',
    group: 'Main Pages',
    title: `Features - ${name} audio transcription`,
    description: `Upload or record audio and get a timestamped transcript. See ${name}'s features, how it works in three steps, and Free and Pro pricing.`,
  },
  '/pricing': {
    label: 'Pricing',
    group: 'Main Pages',
    title: `Pricing - ${name} Free and Pro plans`,
    description: `${name} is free for ${FREE_SECONDS_ADJECTIVE} transcripts, ten a month. Pro is ${PRO_PRICE} for whole recordings, unlimited transcriptions and priority processing.`,
  },
  '/contact': {
    label: 'Contact Us',
    group: 'Main Pages',
    title: `Contact ${name} - Support and questions`,
    description: `Questions about transcription, billing or your account? Reach ${name} support (${SUPPORT_HOURS}) by email or phone, or send us a message with the contact form.`,
  },
  '/privacy': {
    label: 'Privacy Policy',
    group: 'Main Pages',
    title: `Privacy Policy - ${name}`,
    description: `How ${name} collects, uses, stores and deletes your account data, audio files and transcripts, and the choices and rights you have.`,
  },
  '/terms': {
    label: 'Terms of Service',
    group: 'Main Pages',
    title: `Terms of Service - ${name}`,
    description: `The terms for using ${name}: accounts, the free plan, Pro subscriptions and cancellation, your rights to your audio and transcripts, and account deletion.`,
  },
  '/sitemap': {
    label: 'Sitemap',
    group: 'Main Pages',
    noindex: true,
    title: `Sitemap - ${name}`,
    description: `Every page on the ${name} website in one place: product pages, guides, use cases, file format guides and comparisons.`,
  },
  '/audio-to-text': {
    label: 'Audio to Text Converter',
    group: 'Guides',
    title: `Convert Audio to Text Online - ${name}`,
    description: `Turn interviews, lectures, meetings and voice memos into text. Upload an audio file, get a timestamped transcript and download it. Start with a free ${FREE_SECONDS_ADJECTIVE} preview.`,
  },
  '/voice-to-text': {
    label: 'Voice to Text',
    group: 'Guides',
    title: `Voice to Text Online - Record or upload | ${name}`,
    description: `Speak into your browser or upload a voice recording and ${name} turns it into text. See the four-step process, common uses and answers to frequent questions.`,
  },
  '/automatic-transcription': {
    label: 'Automatic Transcription',
    group: 'Guides',
    title: `Automatic Transcription vs Manual Typing - ${name}`,
    description: `How automatic transcription works, what it costs compared with typing by hand, where it shines and where a human review still matters.`,
  },
  '/free-transcription': {
    label: 'Free Transcription',
    group: 'Guides',
    title: `Free Transcription - What you get for $0 | ${name}`,
    description: `Transcribe audio for free: a ${FREE_SECONDS_ADJECTIVE} preview with no login, and a free account with monthly transcriptions. Compare the Free plan with Pro at ${PRO_PRICE}.`,
  },
  '/secure-transcription': {
    label: 'Secure Transcription',
    group: 'Guides',
    title: `Secure Transcription for Sensitive Audio - ${name}`,
    description: `Private by default: transcripts only you can open, deletion on request, no data selling, and the option to run ${name} on your own server. For legal, health, research and HR teams.`,
  },
  '/use-cases/journalists': {
    label: 'For Journalists',
    group: 'Use Cases',
    title: `Interview Transcription for Journalists - ${name}`,
    description: `Transcribe interviews, press conferences and source recordings, find the quote you need by timestamp, and keep your material private. Workflows for reporters.`,
  },
  '/use-cases/podcasters': {
    label: 'For Podcasters',
    group: 'Use Cases',
    title: `Podcast Transcription for Show Notes and SEO - ${name}`,
    description: `Turn every podcast episode into a searchable transcript for your website, show notes, social posts and listeners who prefer to read.`,
  },
  '/formats/mp3-to-text': {
    label: 'MP3 to Text',
    group: 'File Format Guides',
    title: `Convert MP3 to Text Online - ${name}`,
    description: `Upload an MP3 and get a transcript in minutes. Free ${FREE_SECONDS_ADJECTIVE} preview, Pro for full-length files. How it works, common uses and answers to MP3 questions.`,
  },
  '/transcription-software': {
    label: 'Best Transcription Software',
    group: 'Comparisons',
    title: `Choosing Transcription Software - How ${name} compares`,
    description: `Compare transcription software on accuracy, speed, file size limits, free tiers and speaker recognition, and find the right tool for interviews, podcasts and meetings.`,
  },
  '/compare/otter-vs-rev-vs-descript': {
    label: 'Otter vs Rev vs Descript',
    group: 'Comparisons',
    title: `Otter vs Rev vs Descript - Which transcription tool fits? | ${name}`,
    description: `Meeting assistant, transcription service or transcript-based editor? How Otter, Rev and Descript differ, who each suits, and where ${name} fits.`,
  },
  '/compare/ai-vs-human-transcription': {
    label: 'AI vs Human Transcription',
    group: 'Comparisons',
    title: `AI vs Human Transcription - Cost, speed and accuracy | ${name}`,
    description: `Automatic transcription is fast and inexpensive; human transcribers handle difficult audio best. Compare cost, turnaround, accuracy and privacy, and when to combine them.`,
  },
  '/compare/free-vs-paid-tools': {
    label: 'Free vs Paid Transcription Tools',
    group: 'Comparisons',
    title: `Free vs Paid Transcription Tools - What you really get | ${name}`,
    description: `What free transcription tools give you, where their limits bite, and when a paid plan pays for itself. A practical checklist before you choose.`,
  },
};
