import { useCallback, useRef, useState, type RefObject } from 'react';

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export interface AudioPlayer {
  ref: RefObject<HTMLAudioElement | null>;
  time: number;
  playing: boolean;
  /** Playback has begun or a moment was chosen: from then on the playing line is marked. */
  started: boolean;
  rate: number;
  setRate: (rate: number) => void;
  seek: (seconds: number, options?: { play?: boolean }) => void;
  skip: (seconds: number) => void;
  togglePlay: () => void;
  /** Props for the <audio> element. */
  events: {
    onPlay: () => void;
    onPause: () => void;
    onTimeUpdate: (event: { currentTarget: HTMLAudioElement }) => void;
    onSeeked: (event: { currentTarget: HTMLAudioElement }) => void;
  };
}

/** The page's audio element as state: where it is, whether it plays, how fast. */
export function useAudioPlayer(): AudioPlayer {
  const ref = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [rate, setRateState] = useState(1);

  const seek = useCallback((seconds: number, { play = false } = {}) => {
    const audio = ref.current;
    if (!audio) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : Infinity;
    const target = Math.max(0, Math.min(seconds, end));
    audio.currentTime = target;
    setTime(target);
    setStarted(true);
    if (play) void audio.play().catch(() => undefined);
  }, []);

  const skip = useCallback(
    (seconds: number) => seek((ref.current?.currentTime ?? 0) + seconds),
    [seek],
  );

  const togglePlay = useCallback(() => {
    const audio = ref.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => undefined);
    else audio.pause();
  }, []);

  const setRate = useCallback((next: number) => {
    if (ref.current) {
      ref.current.defaultPlaybackRate = next;
      ref.current.playbackRate = next;
    }
    setRateState(next);
  }, []);

  return {
    ref,
    time,
    playing,
    started,
    rate,
    setRate,
    seek,
    skip,
    togglePlay,
    events: {
      onPlay: () => {
        setPlaying(true);
        setStarted(true);
      },
      onPause: () => setPlaying(false),
      onTimeUpdate: (event) => setTime(event.currentTarget.currentTime),
      onSeeked: (event) => setTime(event.currentTarget.currentTime),
    },
  };
}
