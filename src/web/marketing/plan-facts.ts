import { ACCEPTED_AUDIO_LABELS } from '../../core/audio-formats';
/** Plan facts phrased for marketing copy, all derived from src/core so no page hard-codes a limit. */
import {
  FREE_TRANSCRIPT_SECONDS,
  GIGABYTE,
  MAX_UPLOAD_BYTES,
  MEGABYTE,
  PLANS,
  RECORDER_MAX_SECONDS,
  type Plan,
} from '../../core/plans';

/** "100 MB", "10 GB": limits are whole numbers of MB or GB. */
export function formatLimitBytes(bytes: number): string {
  if (bytes >= GIGABYTE) return `${Math.round((bytes / GIGABYTE) * 10) / 10} GB`;
  return `${Math.round(bytes / MEGABYTE)} MB`;
}

export function monthlyLimitText(plan: Plan): string {
  const limit = plan.limits.transcriptionsPerMonth;
  return limit === null ? 'Unlimited transcriptions' : `${limit} transcriptions per month`;
}

export const FREE_PLAN = PLANS.free;
export const PRO_PLAN = PLANS.pro;

export const FREE_SECONDS = FREE_TRANSCRIPT_SECONDS;
/** "30-second", for phrases such as "a 30-second preview". */
export const FREE_SECONDS_ADJECTIVE = `${FREE_TRANSCRIPT_SECONDS}-second`;
export const FREE_MONTHLY_LIMIT = FREE_PLAN.limits.transcriptionsPerMonth;
export const FREE_STORAGE = formatLimitBytes(FREE_PLAN.limits.storageBytes);
export const PRO_STORAGE = formatLimitBytes(PRO_PLAN.limits.storageBytes);
export const MAX_UPLOAD = formatLimitBytes(MAX_UPLOAD_BYTES);
/** The spec's spelling without a space, as in 'Supports files up to 100MB (Premium)'. */
export const MAX_UPLOAD_COMPACT = `${Math.round(MAX_UPLOAD_BYTES / MEGABYTE)}MB`;
/** "$9.99/month" */
export const PRO_PRICE = `${PRO_PLAN.price}/${PRO_PLAN.period}`;
/** "$9.99 a month" */
export const PRO_PRICE_WORDS = `${PRO_PLAN.price} a ${PRO_PLAN.period}`;
export const RECORDER_MINUTES = Math.floor(RECORDER_MAX_SECONDS / 60);

/** Formats the service accepts (src/core/audio-formats.ts), in the account and the free trial alike. */
export const ACCOUNT_FORMATS = ACCEPTED_AUDIO_LABELS;
export const TRIAL_FORMATS = ACCOUNT_FORMATS;
