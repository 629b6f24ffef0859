import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { ADMIN_SYSTEM_KEY, fetchAdminSystem } from './admin-api';

const HEADLINES: Record<string, string> = {
  downloading: 'Whisper is downloading: transcripts use the fallback engine until it is ready',
  building: 'Whisper is being built: transcripts use the fallback engine until it is ready',
  starting: 'Whisper is starting: transcripts use the fallback engine until it is ready',
  failed: 'Whisper could not be made ready: transcripts use the fallback engine',
  off: 'Whisper is not available: transcripts use the fallback engine',
  'no-worker': 'No worker is running: transcriptions wait',
};

/**
 * For admins only (the caller checks): when whisper does not serve, why and what fixes it. Users
 * see the engine on each transcript; the operator sees here what to do about it.
 */
export function WhisperBanner() {
  const system = useQuery({
    queryKey: ADMIN_SYSTEM_KEY,
    queryFn: fetchAdminSystem,
    refetchInterval: 15_000,
  });
  const whisper = system.data?.whisper;
  if (!whisper || whisper.available) return null;
  const percent = whisper.percent === null ? '' : ` (${Math.round(whisper.percent)}%)`;
  return (
    <Alert tone="warning" title={`${HEADLINES[whisper.state] ?? HEADLINES.off}${percent}`}>
      <p>
        <span className="font-medium">Why: </span>
        <span className="break-words">{whisper.reason}</span>
      </p>
      {whisper.fix ? (
        <p className="mt-1">
          <span className="font-medium">Fix: </span>
          <span className="break-words">{whisper.fix}</span>
        </p>
      ) : null}
      <p className="mt-1 text-xs">Only admins see this notice.</p>
    </Alert>
  );
}
