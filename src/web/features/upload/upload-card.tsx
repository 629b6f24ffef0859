import { useImperativeHandle, useRef, type Ref } from 'react';
import { useDropzone } from 'react-dropzone';
import { MESSAGES } from '../../../core/messages';
import { FREE_TRUNCATION_NOTICE_BYTES, MAX_UPLOAD_BYTES } from '../../../core/plans';
import { Alert } from '../../components/ui/alert';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useAuth } from '../auth/use-auth';
import { useLeaveWarning } from '../../lib/use-leave-warning';
import { useTouchScreen } from '../../lib/use-touch-screen';
import { LanguageOptions } from './language-options';
import { MonthlyLimitNotice } from './monthly-limit-notice';
import { RecordingPanel } from './recording-panel';
import { UploadDropzone } from './upload-dropzone';
import { UploadStatus } from './upload-status';
import { useMonthlyLimitMessage } from './use-monthly-limit';
import { useUpload } from './use-upload';
import { rejectionMessage, splitMessage, UPLOAD_ACCEPT } from './validate-audio-file';
import { BulkUploadPanel } from './bulk-upload-panel';
import { FolderPicker } from './folder-picker';
import { InterruptedUploadsNotice } from './interrupted-uploads-notice';
import { useBulkUpload } from './use-bulk-upload';

/** What the dashboard may ask of the card: open the picker (from the empty list) or take a file. */
export interface UploadCardHandle {
  openFilePicker: () => void;
  selectFile: (file: File) => void;
}

/** Upload Audio: drag and drop or pick a file and upload it, or record (saved as soon as it stops); then follow the transcription. */
export function UploadCard({ ref }: { ref?: Ref<UploadCardHandle> }) {
  const { user } = useAuth();
  const isPaid = user?.isPaid ?? false;
  const {
    file,
    phase,
    progress,
    job,
    rate,
    error,
    speakers,
    setSpeakers,
    language,
    setLanguage,
    task,
    setTask,
    refusal,
    denoise,
    setDenoise,
    vocabulary,
    setVocabulary,
    selectFile,
    reject,
    upload,
    cancel,
    continueInBackground,
  } = useUpload({ isPaid });
  const bulk = useBulkUpload();
  const bulkShown = bulk.items.length > 0;
  const busy = phase === 'uploading' || phase === 'processing' || phase === 'done' || bulk.started;
  const limitMessage = useMonthlyLimitMessage();
  const blocked = busy || limitMessage !== null;
  const touchScreen = useTouchScreen();
  const cardRef = useRef<HTMLDivElement>(null);
  // The file is still on the user's disk until then; while it is sent, leaving would drop it.
  useLeaveWarning(phase === 'uploading' || bulk.sending);

  const dropzone = useDropzone({
    accept: UPLOAD_ACCEPT,
    maxSize: MAX_UPLOAD_BYTES,
    multiple: true,
    disabled: blocked,
    onDrop: (accepted, rejections) => {
      // Several files (or a folder) go to the bulk upload, each checked and told on its own.
      const all = [...accepted, ...rejections.map((rejection) => rejection.file)];
      if (all.length > 1 || bulkShown) return bulk.add(all);
      const [first] = accepted;
      if (first) selectFile(first);
      else reject(rejectionMessage(rejections));
    },
  });

  useImperativeHandle(
    ref,
    () => ({
      openFilePicker: () => {
        cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        if (blocked) return;
        (dropzone.rootRef.current ?? cardRef.current)?.focus({ preventScroll: true });
        dropzone.open();
      },
      selectFile,
    }),
    [blocked, dropzone, selectFile],
  );

  const truncation =
    !isPaid && file && file.size > FREE_TRUNCATION_NOTICE_BYTES
      ? splitMessage(MESSAGES.automaticTruncation)
      : null;

  return (
    <div ref={cardRef} tabIndex={-1} className="scroll-mt-20 rounded-xl">
      <Card>
        <CardHeader>
          <CardTitle>Upload Audio</CardTitle>
          <CardDescription>
            {touchScreen
              ? 'Choose an audio file, or record directly.'
              : 'Drag and drop or pick an audio file, or record directly.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {/* Outside the drop area so the picker also opens while a file is chosen. */}
          <input {...dropzone.getInputProps({ 'aria-label': 'Audio file' })} />
          {limitMessage && phase === 'idle' ? <MonthlyLimitNotice message={limitMessage} /> : null}
          {phase === 'idle' && !bulkShown ? (
            <InterruptedUploadsNotice onResume={() => dropzone.open()} />
          ) : null}
          {bulkShown && phase === 'idle' ? (
            <BulkUploadPanel bulk={bulk} language={language} task={task} refusal={refusal} />
          ) : file && phase !== 'idle' ? (
            <UploadStatus
              file={file}
              phase={phase}
              progress={progress}
              job={job}
              rate={rate}
              speakers={speakers}
              onSpeakers={setSpeakers}
              denoise={denoise}
              onDenoise={setDenoise}
              vocabulary={vocabulary}
              onVocabulary={setVocabulary}
              onUpload={() => void upload()}
              onCancel={cancel}
              onContinueInBackground={continueInBackground}
            />
          ) : (
            <UploadDropzone
              getRootProps={dropzone.getRootProps}
              isDragActive={dropzone.isDragActive}
              disabled={blocked}
            />
          )}
          {phase === 'idle' && !bulk.started ? (
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <FolderPicker
                disabled={blocked}
                onFiles={(files) => bulk.add(files, { fromFolder: true })}
              />
              Up to 100 files at once: drop several, or choose a folder.
            </div>
          ) : null}
          {truncation && phase === 'ready' ? (
            <Alert tone="warning" title={truncation.title}>
              {truncation.description}
            </Alert>
          ) : null}
          {phase === 'idle' || phase === 'ready' ? (
            <LanguageOptions
              language={language}
              task={task}
              refusal={error === refusal ? null : refusal}
              disabled={busy}
              onLanguage={setLanguage}
              onTask={setTask}
            />
          ) : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div
            className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500"
            aria-hidden="true"
          >
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <RecordingPanel limitReached={limitMessage !== null} language={language} task={task} />
        </CardContent>
      </Card>
    </div>
  );
}
