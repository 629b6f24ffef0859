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

export type TranscriptionStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface TranscriptSegmentDto {
  start: number;
  end: number;
  text: string;
}

export interface TranscriptionDto {
  id: string;
  filename: string;
  text: string;
  segments: TranscriptSegmentDto[];
  createdAt: string;
  durationInSeconds: number;
  fileSize: number;
  isTruncated: boolean;
  status: TranscriptionStatus;
  progress: number;
  error: string | null;
  language: string | null;
  engine: string | null;
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
  provider: 'stripe' | 'test';
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
