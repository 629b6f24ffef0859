import { useQuery } from '@tanstack/react-query';
import { formatFileSize } from '../../../core/format/format-file-size';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ADMIN_SYSTEM_KEY, fetchAdminSystem } from './admin-api';

const WHISPER_STATES: Record<string, string> = {
  serving: 'Serving',
  downloading: 'Downloading',
  building: 'Being built',
  starting: 'Starting',
  failed: 'Failed',
  off: 'Not available',
  'no-worker': 'No worker running',
};

/** Workers and their engines, storage used, and the whisper download state. */
export function AdminSystemCard() {
  const system = useQuery({
    queryKey: ADMIN_SYSTEM_KEY,
    queryFn: fetchAdminSystem,
    refetchInterval: 15_000,
  });
  const data = system.data;
  if (!data) return null;
  const { storage, whisper, workers } = data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Workers and storage</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-3">
        <section aria-labelledby="admin-whisper">
          <h3 id="admin-whisper" className="text-sm font-semibold text-slate-900">
            Whisper
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {WHISPER_STATES[whisper.state] ?? whisper.state}
            {whisper.percent === null ? '' : ` (${Math.round(whisper.percent)}%)`}
          </p>
          <p className="mt-1 text-xs break-words text-slate-500">{whisper.reason}</p>
        </section>
        <section aria-labelledby="admin-workers">
          <h3 id="admin-workers" className="text-sm font-semibold text-slate-900">
            Workers
          </h3>
          {workers.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">None has reported.</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm text-slate-700">
              {workers.map((worker) => (
                <li key={worker.id} className="break-words">
                  {worker.engine} ({worker.model})
                  <span className="block text-xs text-slate-500">{worker.id}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="admin-storage">
          <h3 id="admin-storage" className="text-sm font-semibold text-slate-900">
            Storage
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {formatFileSize(storage.audioBytes)} of audio in {storage.transcriptions}{' '}
            {storage.transcriptions === 1 ? 'transcription' : 'transcriptions'} (
            {storage.kind === 's3' ? 'S3' : 'local disk'})
          </p>
          {storage.freeBytes !== null ? (
            <p className="text-xs text-slate-500">
              {formatFileSize(storage.freeBytes)} free on the disk
            </p>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}
