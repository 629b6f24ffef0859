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

/** The audio, its speed and the Follow switch: kept in view while the transcript scrolls. */
export function PlayerBar({ player, src, label, follow, onFollow }: PlayerBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <audio
        ref={player.ref}
        controls
        preload="metadata"
        aria-label={label}
        src={src}
        {...player.events}
        className="h-10 min-w-0 flex-1 basis-72"
      />
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-1.5 text-sm text-slate-600">
          <span className="sr-only sm:not-sr-only">Speed</span>
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
      </div>
    </div>
  );
}
