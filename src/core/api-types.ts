/** The JSON contract between server and web. */
import type { PlanId } from './plans.js';

export interface AuthStatus {
  isAuthenticated: boolean;
}

export interface CurrentUser {
  id: string;
  username: string;
  email: string;
  profileImageUrl: string | null;
  isPaid: boolean;
}

export const TRANSCRIPTION_STATUSES = [
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];

export interface TranscriptSegmentDto {
  start: number;
  end: number;
  text: string;
}

/** An item of `GET /api/transcriptions`: the spec's fields, without the segments. */
/** What a list item and a whole transcript both say. */
export interface TranscriptionSummaryDto {
  id: string;
  filename: string;
  createdAt: string;
  durationInSeconds: number;
  fileSize: number;
  isTruncated: boolean;
  status: TranscriptionStatus;
  progress: number;
  error: string | null;
  language: string | null;
  /** The speech engine that made the transcript (`whisper`, `pocketsphinx`, `openai`). */
  engine: string | null;
  /** The engine's model or variant (`base.en`, `en-us`, `whisper-1`). */
  model: string | null;
}

/** `GET /api/transcriptions` (a page of) and the library's event stream. */
export interface TranscriptionListItemDto extends TranscriptionSummaryDto {
  /**
   * At most 300 characters of the text, "…" marking a cut: its beginning, or while the
   * transcription is queued or processing its end (the newest words).
   */
  excerpt: string;
}

/** `GET /api/transcriptions/:id`: everything the detail page needs. */
export interface TranscriptionDto extends TranscriptionSummaryDto {
  text: string;
  segments: TranscriptSegmentDto[];
  /**
   * Starts at 1 and goes up with every saved edit. `PATCH` takes it back (an `If-Match: "N"`
   * header or a `version` field) and answers 409 when it is stale.
   */
  version: number;
  /** The segments differ from the machine's first transcript (`?version=original`). */
  isEdited: boolean;
  /** The live share link, or null when the transcript is not shared. */
  share: ShareLinkDto | null;
}

/** `PATCH /api/transcriptions/:id`. */
export interface TranscriptionPatch {
  filename?: string;
  segments?: TranscriptSegmentDto[];
  /** The version the edit was made on; the `If-Match` header may carry it instead. */
  version?: number;
}

/** `GET /api/transcriptions/:id/original`: the machine's first transcript. */
export interface OriginalTranscriptDto {
  text: string;
  segments: TranscriptSegmentDto[];
}

/** `GET /api/download/:id?format=`; TXT is the default. */
export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'docx', 'pdf', 'json', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** An item of `GET /api/search?q=`. */
export interface SearchHitDto {
  id: string;
  filename: string;
  createdAt: string;
  /** Text around the match, HTML-escaped, with the matching words in `<mark>…</mark>`. */
  snippet: string;
  /** Seconds: where the first matching segment starts, or null when only the file name matched. */
  start: number | null;
}

/** `POST /api/transcriptions/:id/share`. */
export interface ShareLinkDto {
  /** Absolute address of the public read-only page, `<BASE_URL>/s/<token>`. */
  url: string;
  token: string;
}

/** `GET /api/shared/:token`: what anyone with the link may see. No owner name or email. */
export interface SharedTranscriptDto {
  filename: string;
  text: string;
  segments: TranscriptSegmentDto[];
  durationInSeconds: number;
  language: string | null;
}

export interface UsageDto {
  transcriptionsThisMonth: number;
  transcriptionLimit: number | null;
  storageBytes: number;
  storageLimit: number;
  plan: PlanId;
}

export interface FreeTrialResult {
  text: string;
  isTruncated: boolean;
  durationInSeconds: number;
}

/** `POST /api/get-or-create-subscription`. */
export interface SubscriptionCheckoutDto {
  subscriptionId: string;
  clientSecret: string | null;
  isActive: boolean;
}

/** `GET /api/billing/config`: which payment form the upgrade page shows. */
export interface BillingConfigDto {
  /** `none`: Pro is not on sale here (a public address without Stripe keys). */
  provider: 'stripe' | 'test' | 'none';
  publishableKey: string | null;
}

/** `GET /api/billing/subscription` and the renewal changes, for the account page. */
export interface AccountSubscriptionDto {
  plan: PlanId;
  subscription: {
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}

export interface ErrorBody {
  message: string;
}

/** GET/PUT /api/account/email-preferences. */
export interface EmailPreferences {
  /** False when the server has no SMTP: nothing is emailed whatever the choice. */
  emailAvailable: boolean;
  /** Email me when a transcript of audio over 5 minutes is ready. */
  transcriptReady: boolean;
}
