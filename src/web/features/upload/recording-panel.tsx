import type { SpeechTask } from '../../../core/languages';
import { useLeaveWarning } from '../../lib/use-leave-warning';
import { useAuth } from '../auth/use-auth';
import { RecorderControls } from '../recorder/recorder';
import { UnsavedRecordings } from '../recorder/unsaved-recordings';
import { useRecorder } from '../recorder/use-recorder';
import { useUnsavedRecordings } from '../recorder/use-unsaved-recordings';
import { toast } from '../toasts/toast-store';
import { RecordingSaveView } from './recording-save-view';
import { useSaveRecording } from './use-save-recording';

export const RECORDING_LIMIT_REASON =
  'Recording is off until you have transcriptions left this month.';

interface RecordingPanelProps {
  /** The month's transcriptions are used up: nothing to record for. */
  limitReached: boolean;
  language: string;
  task: SpeechTask;
}

/**
 * Record audio: recordings the browser kept from an earlier visit, the last recording being
 * saved and transcribed, and the recorder. Stopping saves at once; nothing is lost on the way.
 */
export function RecordingPanel({ limitReached, language, task }: RecordingPanelProps) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const unsaved = useUnsavedRecordings(userId);
  const { save, saveRecording, sending } = useSaveRecording({
    language,
    task,
    onNotSaved: unsaved.notSaved,
  });
  const recorder = useRecorder({
    userId,
    onStopped: (recording) => void saveRecording(recording),
  });
  const recording = recorder.phase !== 'ready';
  useLeaveWarning(recording || sending);

  const saveKept = async (id: string) => {
    const taken = await unsaved.take(id);
    if (typeof taken === 'string') toast({ title: 'Recording not saved', description: taken });
    else void saveRecording(taken);
  };
  const discardKept = async (id: string) => {
    const problem = await unsaved.discard(id);
    if (problem) toast({ title: 'Recording not discarded', description: problem });
  };

  return (
    <section aria-labelledby="recorder-title" className="rounded-lg border border-slate-200 p-4">
      <h3 id="recorder-title" className="text-sm font-semibold text-slate-900">
        Record audio
      </h3>
      <UnsavedRecordings
        recordings={unsaved.recordings}
        onSave={(id) => void saveKept(id)}
        onDiscard={(id) => void discardKept(id)}
      />
      {save && !recording ? <RecordingSaveView save={save} /> : null}
      <RecorderControls
        recorder={recorder}
        blockedReason={limitReached ? RECORDING_LIMIT_REASON : null}
      />
    </section>
  );
}
