import { Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { UnsavedRecording } from './use-unsaved-recordings';

interface UnsavedRecordingsProps {
  recordings: UnsavedRecording[];
  onSave: (id: string) => void;
  onDiscard: (id: string) => void;
}

/** Each recording the browser kept but the server does not have yet: save it, or discard it after a second click. */
export function UnsavedRecordings({ recordings, onSave, onDiscard }: UnsavedRecordingsProps) {
  return recordings.map((recording) => (
    <UnsavedRecordingNotice
      key={recording.id}
      recording={recording}
      onSave={onSave}
      onDiscard={onDiscard}
    />
  ));
}

function UnsavedRecordingNotice({
  recording,
  onSave,
  onDiscard,
}: {
  recording: UnsavedRecording;
  onSave: (id: string) => void;
  onDiscard: (id: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const length = formatTimestamp(recording.seconds);
  return (
    <Alert tone="warning" title="Recording not saved" className="mt-3">
      <p>
        <span className="font-semibold">{recording.name}</span> (
        <span className="font-mono tabular-nums">{length}</span>){' '}
        {recording.problem
          ? `could not be saved: ${recording.problem}`
          : 'was cut off before it was saved.'}{' '}
        It is kept in this browser until you save or discard it.
      </p>
      {confirming ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <p className="w-full">Discard {length} of recording for good?</p>
          <Button variant="destructive" onClick={() => onDiscard(recording.id)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Discard recording
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => onSave(recording.id)}>
            <Upload aria-hidden="true" className="h-4 w-4" />
            Save and transcribe
          </Button>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Discard
          </Button>
        </div>
      )}
    </Alert>
  );
}
