/** The one definition of plans and limits: server enforcement and every page read it from here. */

export const MEGABYTE = 1024 * 1024;
export const GIGABYTE = 1024 * MEGABYTE;

export const MAX_UPLOAD_BYTES = 100 * MEGABYTE;
export const FREE_TRANSCRIPT_SECONDS = 30;
export const RECORDER_MAX_SECONDS = 300;
/** The spec's rough estimate of audio length from file size, used only for client-side notices. */
export const APPROXIMATE_BYTES_PER_SECOND = 16_000;
export const FREE_TRUNCATION_NOTICE_BYTES = MEGABYTE;
/** Longest audio a job will decode, whatever the plan: a tiny file can decode to days of silence. */
export const MAX_AUDIO_SECONDS = 6 * 60 * 60;

export type PlanId = 'free' | 'pro';

export interface PlanLimits {
  /** Seconds of audio transcribed per file; null when the whole file is transcribed. */
  transcriptSeconds: number | null;
  /** Transcriptions per calendar month (UTC); null when unlimited. */
  transcriptionsPerMonth: number | null;
  storageBytes: number;
  maxFileBytes: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  priceCents: number;
  period: string;
  description: string;
  features: string[];
  limits: PlanLimits;
  /** Jobs go ahead of other plans' jobs in the queue and at the speech engine. */
  priorityProcessing: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    price: '$0',
    priceCents: 0,
    period: 'forever',
    description: 'Try Sonoscript on short clips.',
    features: [
      '30-second transcripts',
      '10 transcriptions per month',
      '100 MB of storage',
      'Editor and downloads (TXT, DOCX, PDF, subtitles)',
    ],
    limits: {
      transcriptSeconds: FREE_TRANSCRIPT_SECONDS,
      transcriptionsPerMonth: 10,
      storageBytes: 100 * MEGABYTE,
      maxFileBytes: MAX_UPLOAD_BYTES,
    },
    priorityProcessing: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: '$9.99',
    priceCents: 999,
    period: 'month',
    description: 'Full-length transcripts for regular work.',
    features: [
      'Files up to 100 MB',
      'Unlimited transcriptions',
      '10 GB of storage',
      'Full-length transcripts',
      'Priority processing',
    ],
    limits: {
      transcriptSeconds: null,
      transcriptionsPerMonth: null,
      storageBytes: 10 * GIGABYTE,
      maxFileBytes: MAX_UPLOAD_BYTES,
    },
    priorityProcessing: true,
  },
};

export function planFor(isPaid: boolean): Plan {
  return isPaid ? PLANS.pro : PLANS.free;
}
