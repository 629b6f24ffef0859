import { useEffect, useRef, useState } from 'react';
import type { SharedTranscriptDto } from '../../../core/api/sharing';
import type { TranscriptSegmentDto } from '../../../core/api/transcriptions';
import { Card, CardContent } from '../../components/ui/card';
import { activeSegmentIndex, TranscriptSegments } from './transcript-segments';

interface SharedTranscriptViewProps {
  token: string;
  transcript: SharedTranscriptDto;
  /** `?t=` of the link: where the player starts and which line is shown first. */
  startAt: number | null;
}

/** The shared recording and its timed lines: click a line to play it; the playing line is marked. */
export function SharedTranscriptView({ token, transcript, startAt }: SharedTranscriptViewProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [time, setTime] = useState(startAt ?? 0);
  const [started, setStarted] = useState(startAt !== null);
  const active = started ? activeSegmentIndex(transcript.segments, time) : -1;

  // A link to a moment: show that line once, below the sticky header and player.
  useEffect(() => {
    if (startAt === null) return;
    const index = activeSegmentIndex(transcript.segments, startAt);
    const line = list.current?.querySelectorAll('li').item(index);
    line?.scrollIntoView({ block: 'center', behavior: 'instant' });
  }, [startAt, transcript.segments]);

  const playFrom = (segment: TranscriptSegmentDto) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = segment.start;
    setTime(segment.start);
    setStarted(true);
    void player.play().catch(() => undefined);
  };

  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="sticky top-16 z-10 -mx-2 rounded-lg bg-white/95 px-2 py-2 backdrop-blur">
          <audio
            ref={audio}
            controls
            preload="metadata"
            aria-label={`Audio of ${transcript.filename}`}
            src={`/api/shared/${encodeURIComponent(token)}/audio`}
            onLoadedMetadata={(event) => {
              if (startAt !== null) event.currentTarget.currentTime = startAt;
            }}
            onPlay={() => setStarted(true)}
            onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
            onSeeked={(event) => setTime(event.currentTarget.currentTime)}
            className="w-full"
          />
        </div>
        <div ref={list}>
          {transcript.segments.length > 0 ? (
            <TranscriptSegments
              segments={transcript.segments}
              activeIndex={active}
              onSelect={playFrom}
            />
          ) : transcript.text ? (
            <p dir="auto" className="whitespace-pre-wrap leading-relaxed text-slate-800">
              {transcript.text}
            </p>
          ) : (
            <p className="text-slate-500">No speech was found in this audio.</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
