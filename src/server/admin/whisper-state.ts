import type { WhisperState } from '../../core/api/admin.js';
import type { SpeechEngineStatus } from '../speech/speech-engine-supervisor.js';

/**
 * Whether whisper serves new work, and if not, why and what the operator can do about it (the
 * admin console and the dashboard banner for admins say both). A hosted OpenAI-compatible
 * engine counts as whisper: it is the quality engine the operator chose.
 */
export function whisperState(
  status: SpeechEngineStatus,
  settings: { engine: string; whisperModel: string | undefined; modelsDir: string },
): WhisperState {
  const percent = status.pending?.percent ?? null;
  if (status.engine === 'whisper' || status.engine === 'openai') {
    return { available: true, state: 'serving', percent: null, reason: status.reason, fix: null };
  }
  if (status.engine === 'none') {
    return {
      available: false,
      state: 'no-worker',
      percent: null,
      reason: status.reason,
      fix: 'Start a worker process (npm run worker), or run the workers in this process with RUN_WORKERS=true.',
    };
  }
  const pending = status.pending;
  if (pending && pending.state === 'failed') {
    return {
      available: false,
      state: 'failed',
      percent: null,
      reason: pending.message ?? status.reason,
      fix: `See the reason above; restarting the server tries again. Or put a whisper model file into ${settings.modelsDir}.`,
    };
  }
  if (pending) {
    return {
      available: false,
      state: pending.state,
      percent,
      reason: `whisper ${pending.model} is ${pending.state === 'downloading' ? 'downloading' : pending.state === 'building' ? 'being built' : 'starting'}; until it is ready, ${status.engine} transcribes.`,
      fix: 'Nothing to do: new transcriptions use whisper as soon as it is ready.',
    };
  }
  const chosenElsewhere =
    settings.engine === 'pocketsphinx'
      ? 'Set TRANSCRIPTION_ENGINE=auto (or whisper) and restart.'
      : settings.whisperModel === 'none'
        ? 'Unset WHISPER_MODEL (or name a model such as base.en) and restart: the model downloads once.'
        : `Put a whisper model file into ${settings.modelsDir} (or let the server download it: it needs to reach huggingface.co) and restart.`;
  return {
    available: false,
    state: 'off',
    percent: null,
    reason: status.reason,
    fix: chosenElsewhere,
  };
}
