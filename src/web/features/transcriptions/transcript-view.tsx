import { useRef, useState } from 'react';
import type { TranscriptionDto, TranscriptSegmentDto } from '../../../core/api-types';
import { cn } from '../../lib/cn';
import { activeSegmentIndex, TranscriptSegments } from './transcript-segments';

type Mode = 'segments' | 'text';

const toggleClasses = (active: boolean) =>
  cn(
    'rounded-md px-3 py-1 text-sm font-medium',
    active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
  );

/** The audio player and the transcript, kept in step: click a line to play it; the playing line is marked. */
export function TranscriptView({ transcription }: { transcription: TranscriptionDto }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  // Nothing is marked until playback has begun: position 0 of a paused player is not "being played".
  const [started, setStarted] = useState(false);
  const hasSegments = transcription.segments.length > 0;
  const [mode, setMode] = useState<Mode>(hasSegments ? 'segments' : 'text');

  const playFrom = (segment: TranscriptSegmentDto) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = segment.start;
    setTime(segment.start);
    setStarted(true);
    void player.play().catch(() => undefined);
  };

  return (
    <div className="space-y-4">
      <audio
        ref={audio}
        controls
        preload="metadata"
        aria-label={`Audio of ${transcription.filename}`}
        src={`/api/transcriptions/${encodeURIComponent(transcription.id)}/audio`}
        onPlay={() => setStarted(true)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onSeeked={(event) => setTime(event.currentTarget.currentTime)}
        className="w-full"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Transcript</h2>
        {hasSegments ? (
          <div
            role="group"
            aria-label="Transcript view"
            className="flex gap-1 rounded-lg bg-slate-100 p-1"
          >
            <button
              type="button"
              aria-pressed={mode === 'segments'}
              className={toggleClasses(mode === 'segments')}
              onClick={() => setMode('segments')}
            >
              Timed
            </button>
            <button
              type="button"
              aria-pressed={mode === 'text'}
              className={toggleClasses(mode === 'text')}
              onClick={() => setMode('text')}
            >
              Plain text
            </button>
          </div>
        ) : null}
      </div>
      {mode === 'segments' && hasSegments ? (
        <TranscriptSegments
          segments={transcription.segments}
          activeIndex={started ? activeSegmentIndex(transcription.segments, time) : -1}
          onSelect={playFrom}
        />
      ) : transcription.text ? (
        <p className="whitespace-pre-wrap leading-relaxed text-slate-800">{transcription.text}</p>
      ) : (
        <p className="text-slate-500">No speech was found in this audio.</p>
      )}
    </div>
  );
}
