import { monthlyLimitMessage } from '../../../core/limit-messages';
import { PLANS } from '../../../core/plans';
import { useUsage } from '../transcription-data/transcription-queries';

/**
 * The server's refusal, said before a file is picked or a recording made: null while there is room
 * this month (or the usage is not known yet: the server still decides at upload).
 */
export function useMonthlyLimitMessage(): string | null {
  const usage = useUsage();
  const data = usage.data;
  if (!data || data.transcriptionLimit === null) return null;
  if (data.transcriptionsThisMonth < data.transcriptionLimit) return null;
  return monthlyLimitMessage(PLANS[data.plan]);
}
