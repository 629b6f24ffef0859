import { formatFileSize } from '../../../core/format/format-file-size';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useUsage } from '../transcription-data/transcription-queries';
import { UsageMeter } from './usage-meter';

const percentOf = (used: number, limit: number) =>
  limit > 0 ? Math.min(100, (used / limit) * 100) : 0;

/** Storage against the plan (100 MB or 10 GB) and, on the free plan, this month's count against 10. */
export function UsageCard() {
  const usage = useUsage();
  return (
    <Card role="region" aria-labelledby="usage-card-title">
      <CardHeader>
        <CardTitle id="usage-card-title">Your Usage</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {usage.isPending ? (
          <Spinner label="Loading usage" />
        ) : usage.isError ? (
          <p role="alert" className="text-sm text-red-600">
            Your usage could not be loaded. Please try again later.
          </p>
        ) : (
          <>
            <UsageMeter
              label="Storage"
              used={formatFileSize(usage.data.storageBytes)}
              limit={formatFileSize(usage.data.storageLimit)}
              percent={percentOf(usage.data.storageBytes, usage.data.storageLimit)}
            />
            <p className="text-xs text-slate-500">
              {usage.data.plan === 'free'
                ? 'Counts each audio file you keep, whole: the transcript covers its first 30 seconds, and the file stays to play and to transcribe in full after upgrading.'
                : 'Counts each audio file you keep.'}
            </p>
            {usage.data.transcriptionLimit === null ? (
              <p className="flex justify-between gap-2 text-sm">
                <span className="font-medium text-slate-700">Transcriptions this month</span>
                <span className="text-slate-600">
                  {usage.data.transcriptionsThisMonth} (unlimited)
                </span>
              </p>
            ) : (
              <UsageMeter
                label="Transcriptions this month"
                used={String(usage.data.transcriptionsThisMonth)}
                limit={String(usage.data.transcriptionLimit)}
                percent={percentOf(
                  usage.data.transcriptionsThisMonth,
                  usage.data.transcriptionLimit,
                )}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
