import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, UserPlus, UserRound } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { speakerColor } from './speaker-colors';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

interface SpeakerMenuProps {
  /** The line's speaker. */
  speaker: string;
  /** Every speaker, in order of first appearance: the menu's order and the digit keys'. */
  speakers: readonly string[];
  /** What the line is, for the button's name ("the line at 0:04"). */
  lineName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onGiveTo: (speaker: string) => void;
  onNewSpeaker: () => void;
  /** Where focus goes when the menu closes; prevent the event to put it elsewhere. */
  onCloseAutoFocus: (event: Event) => void;
}

/** The line's speaker menu: give the line to another speaker, or to a new one (Radix: arrows, Enter, Escape). */
export function SpeakerMenu(props: SpeakerMenuProps) {
  const { speaker, speakers, lineName, open, onOpenChange, onGiveTo, onNewSpeaker } = props;
  const { onCloseAutoFocus } = props;
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        aria-label={`Speaker of ${lineName}: ${speaker}`}
        title="Change speaker (S)"
        className={cn(
          '-mt-2 inline-flex h-11 w-11 shrink-0 sm:mt-0.5 sm:h-7 sm:w-7 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-700',
          // Where there is a mouse the button waits for the line to be pointed at or focused.
          'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100 pointer-fine:data-[state=open]:opacity-100',
        )}
      >
        <UserRound aria-hidden="true" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          onCloseAutoFocus={onCloseAutoFocus}
          className="z-50 max-h-80 min-w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-500">
            Speaker of this line
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={speaker} onValueChange={onGiveTo}>
            {speakers.map((name, place) => (
              <DropdownMenu.RadioItem key={name} value={name} className={itemClasses}>
                <span
                  aria-hidden="true"
                  className={cn('h-2.5 w-2.5 shrink-0 rounded-full', speakerColor(place).dot)}
                />
                <span className="min-w-0 flex-1 truncate">{name}</span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" className="h-4 w-4 text-brand-600" />
                </DropdownMenu.ItemIndicator>
                {place < 9 ? (
                  <kbd
                    aria-hidden="true"
                    className="w-4 text-center font-mono text-xs text-slate-400"
                  >
                    {place + 1}
                  </kbd>
                ) : null}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={onNewSpeaker}>
            <UserPlus aria-hidden="true" className="h-4 w-4 text-slate-500" />
            New speaker
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
