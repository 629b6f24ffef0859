import { ACCEPTED_AUDIO_LABELS } from '../../../core/audio-formats';
import { Loader2, UploadCloud } from 'lucide-react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useDropzone } from 'react-dropzone';
import { MAX_UPLOAD_BYTES } from '../../../core/plans';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { Alert } from '../../components/ui/alert';
import { FreeTrialFile } from './free-trial-file';
import { FREE_TRIAL_ACCEPT, freeTrialRejectionMessage } from './free-trial-files';
import { useFreeTrial } from './use-free-trial';

const noSubscription = () => () => undefined;

// The result dialog (Radix Dialog, focus trap, scroll lock) is only needed once a transcript
// arrives: it loads while the file is being transcribed, not with the landing page.
const loadResultDialog = () => import('./free-trial-result-dialog');
const FreeTrialResultDialog = lazy(() =>
  loadResultDialog().then((module) => ({ default: module.FreeTrialResultDialog })),
);

/**
 * False in the prerendered HTML and while React hydrates it, true once the page's code runs: before
 * that, a file chosen in the prerendered input would have no handler and be silently dropped.
 */
function useInteractive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The landing page's "Try It Free": the first 30 seconds of any audio file, no account needed.
 * `withHeader={false}` drops the card's own title and text where the page section already shows them.
 */
export default function FreeTrialWidget({ withHeader = true }: { withHeader?: boolean }) {
  const {
    file,
    duration,
    processing,
    result,
    dialogOpen,
    setDialogOpen,
    error,
    refuse,
    choose,
    reset,
    transcribe,
  } = useFreeTrial();
  const interactive = useInteractive();
  // Mounted from the first result on, so closing it (Try Another) behaves as before.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (result && !dialogMounted) setDialogMounted(true);
  const { getRootProps, getInputProps, isDragActive, rootRef } = useDropzone({
    accept: FREE_TRIAL_ACCEPT,
    minSize: 1,
    maxSize: MAX_UPLOAD_BYTES,
    maxFiles: 1,
    multiple: false,
    disabled: processing || !interactive,
    onDropAccepted: ([accepted]) => {
      if (accepted) choose(accepted);
    },
    onDropRejected: (rejections) =>
      refuse({ title: 'Invalid file', message: freeTrialRejectionMessage(rejections) }),
  });

  return (
    <Card className="mx-auto w-full max-w-xl text-left">
      {withHeader ? (
        <CardHeader>
          <CardTitle>Try It Free</CardTitle>
          <CardDescription>
            Upload any audio file and get the first 30 seconds transcribed instantly. No login
            required!
          </CardDescription>
        </CardHeader>
      ) : null}
      <CardContent className={withHeader ? 'space-y-4' : 'space-y-4 pt-6'}>
        {/* Beside the drop area, not in it: a control inside a button is hidden from screen readers. */}
        <input
          {...getInputProps({
            'aria-label': 'Audio file for the free trial',
            disabled: !interactive,
          })}
        />
        {file ? (
          <FreeTrialFile file={file} duration={duration} onRemove={reset} disabled={processing} />
        ) : (
          <div
            {...getRootProps({
              role: 'button',
              'aria-disabled': !interactive,
              className: cn(
                'flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
                isDragActive
                  ? 'border-brand-500 bg-brand-50'
                  : 'border-slate-300 hover:border-brand-500 hover:bg-slate-50',
              ),
            })}
          >
            <UploadCloud aria-hidden="true" className="h-10 w-10 text-brand-600" />
            <p className="mt-3 text-sm font-medium text-slate-900">
              {isDragActive
                ? 'Drop the audio file here'
                : 'Drag and drop an audio file here, or click to browse'}
            </p>
            <p className="mt-1 text-xs text-slate-500">{ACCEPTED_AUDIO_LABELS}, up to 100 MB</p>
          </div>
        )}
        {error ? (
          <Alert tone="error" title={error.title}>
            {error.message}
          </Alert>
        ) : null}
        {file && !result ? (
          <Button
            className="w-full"
            onClick={() => {
              void loadResultDialog();
              void transcribe();
            }}
            disabled={processing || duration === undefined}
          >
            {processing ? (
              <>
                <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
                Transcribing...
              </>
            ) : (
              'Transcribe Free'
            )}
          </Button>
        ) : null}
        {result && !dialogOpen ? (
          <Button variant="outline" className="w-full" onClick={() => setDialogOpen(true)}>
            Show transcription
          </Button>
        ) : null}
      </CardContent>
      {dialogMounted ? (
        <Suspense fallback={null}>
          <FreeTrialResultDialog
            result={result}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            onTryAnother={reset}
            onCloseAutoFocus={(event) => {
              // After "Try Another" the drop area is back: start there rather than at the top of the page.
              if (!rootRef.current) return;
              event.preventDefault();
              rootRef.current.focus();
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
