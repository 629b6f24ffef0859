import { TriangleAlert } from 'lucide-react';
import type { DroppedAudioDto } from '../../../../core/api/denoise-field';

const REASONS: Record<string, string> = {
  repetition: 'the same words looping',
  'compression-ratio': 'text repeating itself',
  'no-speech': 'the engine heard no speech',
  'low-log-probability': 'guessed words',
};

const clock = (seconds: number): string => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * Says where words were left out because they looked invented, and why: a transcript never
 * drops audio silently (docs/decisions/0061).
 */
export function DroppedAudioNote({ dropped }: { dropped: DroppedAudioDto }) {
  if (dropped.length === 0) return null;
  return (
    <div
      role="note"
      className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        <p className="font-medium">Some audio has no words in this transcript.</p>
        <ul className="mt-1 list-disc pl-5">
          {dropped.map((stretch) => (
            <li key={stretch.start}>
              {clock(stretch.start)}–{clock(stretch.end)}: left out because the recognised text
              looked invented (
              {stretch.reasons.map((reason) => REASONS[reason] ?? reason).join(', ')}).
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
