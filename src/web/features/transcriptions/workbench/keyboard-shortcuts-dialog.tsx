import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Fragment, useRef } from 'react';

interface Shortcut {
  /** Each a key or a combination, shown as alternatives. */
  keys: string[];
  does: string;
}

/** The keys of the workbench, as `page-shortcuts.ts`, the line and the editor read them. */
const SHORTCUTS: { where: string; shortcuts: Shortcut[] }[] = [
  {
    where: 'On the page',
    shortcuts: [
      { keys: ['Space'], does: 'Play or pause' },
      { keys: ['←', '→'], does: 'Back or forward 5 seconds' },
      { keys: ['Ctrl+Z'], does: 'Undo' },
      { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], does: 'Redo' },
      { keys: ['Ctrl+F'], does: 'Find in transcript' },
      { keys: ['U'], does: 'Next word the machine was unsure of' },
      { keys: ['?'], does: 'Show these shortcuts' },
    ],
  },
  {
    where: 'On a line',
    shortcuts: [
      { keys: ['Enter'], does: 'Edit the line' },
      { keys: ['S'], does: 'Change its speaker' },
      { keys: ['1 to 9'], does: 'Give it to that speaker' },
    ],
  },
  {
    where: 'While editing a line',
    shortcuts: [
      { keys: ['Enter'], does: 'Done' },
      { keys: ['Escape'], does: 'Cancel the change' },
    ],
  },
  {
    where: 'In the find box',
    shortcuts: [
      { keys: ['Enter'], does: 'Next match' },
      { keys: ['Shift+Enter'], does: 'Previous match' },
      { keys: ['Escape'], does: 'Clear' },
    ],
  },
];

/** The list of the workbench's keys, opened with "?" (Escape or Close shuts it). */
export function KeyboardShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Opened by a key, it has no trigger for Radix to return focus to: it goes back where it was.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            const focused = document.activeElement;
            returnTo.current = focused instanceof HTMLElement ? focused : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!returnTo.current?.isConnected) return;
            event.preventDefault();
            returnTo.current.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Keyboard shortcuts
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-m-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            The keys of the transcript page.
          </Dialog.Description>
          {SHORTCUTS.map(({ where, shortcuts }) => (
            <section key={where} className="mt-5">
              <h3 className="text-sm font-semibold text-slate-900">{where}</h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                {shortcuts.map(({ keys, does }) => (
                  <Fragment key={does}>
                    <dt className="flex flex-wrap items-center gap-1 text-slate-500">
                      {keys.map((key, at) => (
                        <Fragment key={key}>
                          {at > 0 ? ' or ' : null}
                          <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                            {key}
                          </kbd>
                        </Fragment>
                      ))}
                    </dt>
                    <dd className="text-slate-700">{does}</dd>
                  </Fragment>
                ))}
              </dl>
            </section>
          ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
