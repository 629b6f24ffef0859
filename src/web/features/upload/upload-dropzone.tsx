import { UploadCloud } from 'lucide-react';
import type { DropzoneState } from 'react-dropzone';
import { ACCEPTED_AUDIO_LABELS } from '../../../core/audio-formats';
import { cn } from '../../lib/cn';
import { useTouchScreen } from '../../lib/use-touch-screen';

type DropzoneParts = Pick<DropzoneState, 'getRootProps' | 'isDragActive'>;

/**
 * The drop area; react-dropzone makes it a focusable control that opens the picker on Enter or
 * Space. Its name is the text it shows, so a voice user can say what they see.
 */
export function UploadDropzone({
  getRootProps,
  isDragActive,
  disabled,
}: DropzoneParts & { disabled: boolean }) {
  const touchScreen = useTouchScreen();
  return (
    <div
      {...getRootProps({
        role: 'button',
        'aria-disabled': disabled,
        className: cn(
          'flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
          isDragActive
            ? 'border-brand-500 bg-brand-50'
            : 'border-slate-300 hover:border-brand-500 hover:bg-slate-50',
          disabled && 'cursor-not-allowed opacity-60',
        ),
      })}
    >
      <UploadCloud aria-hidden="true" className="h-10 w-10 text-brand-600" />
      <p className="mt-3 text-sm font-medium text-slate-900">
        {isDragActive
          ? 'Drop the audio file here'
          : touchScreen
            ? 'Tap to choose a file'
            : 'Drag and drop an audio file here, or click to browse'}
      </p>
      <p className="mt-1 text-xs text-slate-500">{ACCEPTED_AUDIO_LABELS}, up to 100MB</p>
    </div>
  );
}
