import { LanguageSelect } from '../../components/language-select';
import { Alert } from '../../components/ui/alert';
import type { SpeechTask } from '../../../core/languages';

/**
 * The language of the next upload or recording and "Translate to English"; when the server's
 * engine cannot serve the choice, the reason shows here before anything is sent.
 */
export function LanguageOptions({
  language,
  task,
  refusal,
  disabled,
  onLanguage,
  onTask,
}: {
  language: string;
  task: SpeechTask;
  refusal: string | null;
  disabled: boolean;
  onLanguage: (language: string) => void;
  onTask: (task: SpeechTask) => void;
}) {
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
        <LanguageSelect value={language} onChange={onLanguage} disabled={disabled} />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={task === 'translate'}
            disabled={disabled}
            onChange={(event) => onTask(event.currentTarget.checked ? 'translate' : 'transcribe')}
          />
          Translate to English
        </label>
      </div>
      {refusal ? <Alert tone="warning">{refusal}</Alert> : null}
    </div>
  );
}
