import { AlertCircle, FileAudio, Upload } from 'lucide-react';
import { MESSAGES } from '../../../core/messages';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { TranscriptionListItem } from './transcription-list-item';
import { useTranscriptionList } from './transcription-queries';

/** The dashboard's list: spinner, error, empty state (with a way to the upload picker) or the items. */
export function RecentTranscriptions({ onUploadClick }: { onUploadClick: () => void }) {
  const list = useTranscriptionList();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Transcriptions</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="h-8 w-8" label="Loading transcriptions" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-center py-10 text-center">
            <AlertCircle aria-hidden="true" className="h-10 w-10 text-red-500" />
            <p className="mt-3 font-semibold text-slate-900">{MESSAGES.listErrorTitle}</p>
            <p className="mt-1 text-sm text-slate-600">{MESSAGES.listError}</p>
          </div>
        ) : list.data.length === 0 ? (
          <div className="flex flex-col items-center py-10 text-center">
            <FileAudio aria-hidden="true" className="h-10 w-10 text-slate-400" />
            <p className="mt-3 font-semibold text-slate-900">{MESSAGES.emptyTitle}</p>
            <p className="mt-1 text-sm text-slate-600">{MESSAGES.emptyText}</p>
            <Button className="mt-4" onClick={onUploadClick}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              Upload Audio
            </Button>
          </div>
        ) : (
          <ul className="-my-4 divide-y divide-slate-100" aria-label="Transcriptions">
            {list.data.map((transcription) => (
              <TranscriptionListItem key={transcription.id} transcription={transcription} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
