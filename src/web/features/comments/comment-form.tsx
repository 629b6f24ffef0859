import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '../../../core/api/team-values';
import { Button } from '../../components/ui/button';

interface CommentFormProps {
  label: string;
  submitLabel: string;
  initialText?: string;
  busy: boolean;
  autoFocus?: boolean;
  /** Resolves when saved: the field empties; rejects and the words stay to try again. */
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
}

/** A comment's words: Ctrl+Enter (⌘+Enter) sends them, Escape cancels where that means something. */
export function CommentForm(props: CommentFormProps) {
  const { label, submitLabel, busy, onSubmit, onCancel } = props;
  const [text, setText] = useState(props.initialText ?? '');
  const fieldId = useId();
  const empty = text.trim() === '';

  const send = async () => {
    if (empty || busy) return;
    try {
      await onSubmit(text.trim());
      setText('');
    } catch {
      // The error was told; the words stay in the field.
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <textarea
        id={fieldId}
        value={text}
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={label}
        autoFocus={props.autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="block w-full resize-y rounded-md border border-slate-300 px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={empty || busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
