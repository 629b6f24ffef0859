import { Crosshair } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { PLAYBACK_RATES, type AudioPlayer } from './use-audio-player';

interface PlayerBarProps {
  player: AudioPlayer;
  src: string;
  label: string;
  follow: boolean;
  onFollow: (follow: boolean) => void;
}

/** The audio element, kept in view while the transcript scrolls. */
export function PlayerAudio({
  player,
  src,
  label,
}: Pick<PlayerBarProps, 'player' | 'src' | 'label'>) {
  return (
    <audio
      ref={player.ref}
      controls
      preload="metadata"
      aria-label={label}
      src={src}
      {...player.events}
      className="block h-10 w-full"
    />
  );
}

/** Playback speed and the Follow switch. */
export function PlaybackControls({
  player,
  follow,
  onFollow,
}: Pick<PlayerBarProps, 'player' | 'follow' | 'onFollow'>) {
  return (
    <>
      <label className="flex items-center gap-1.5 text-sm text-slate-600">
        <span className="sr-only md:not-sr-only">Speed</span>
        <select
          aria-label="Playback speed"
          value={player.rate}
          onChange={(event) => player.setRate(Number(event.currentTarget.value))}
          className="h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm text-slate-900 focus:border-brand-500"
        >
          {PLAYBACK_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {rate}x
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        aria-pressed={follow}
        title="Keep the playing line in view"
        onClick={() => onFollow(!follow)}
        className={cn(
          'inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-sm font-medium transition-colors',
          follow
            ? 'border-brand-200 bg-brand-50 text-brand-700'
            : 'border-slate-300 bg-white text-slate-600 hover:bg-slate-50',
        )}
      >
        <Crosshair aria-hidden="true" className="h-4 w-4" />
        Follow
      </button>
    </>
  );
}
