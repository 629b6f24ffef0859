import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type {
  EngineChoiceLog,
  SpeechEngineSettings,
  StartedSpeechEngine,
  WhisperTarget,
} from './choose-engine.js';
import { EngineSlot, type EngineLease } from './engine-slot.js';
import type { SpeechEngine } from './engines/engine.js';
import { buildWhisperServerInBackground } from './engines/whisper/build-whisper-server-in-background.js';
import { downloadWhisperModel } from './engines/whisper/download-whisper-model.js';
import { inspectWhisperModel } from './engines/whisper/inspect-whisper-model.js';
import { withModelDownloadLock } from './engines/whisper/model-download-lock.js';
import { DEFAULT_MODELS_BASE_URL, modelUrl } from './engines/whisper/whisper-model-catalog.js';
import { startWhisperModels } from './engines/whisper/start-whisper-models.js';
import { findWhisperServer } from './engines/whisper/whisper-server-binary.js';

/** Whisper on its way: what `/api/health` and the log say while another engine serves. */
export interface PendingWhisper {
  engine: 'whisper';
  model: string;
  state: 'downloading' | 'building' | 'starting' | 'failed';
  /** While downloading, when the size is known. */
  percent?: number;
  /** When failed: what went wrong and how to fix it. */
  message?: string;
}

export interface SpeechEngineStatus {
  engine: string;
  model: string;
  /** The engine hears every language whisper knows and translates; false: English only. */
  multilingual: boolean;
  reason: string;
  pending?: PendingWhisper;
}

/**
 * The speech engine of this process. It starts at once on what is usable now, and when whisper
 * is wanted but its model or whisper-server is missing, it downloads and builds them in the
 * background and then gives new jobs whisper; running jobs finish on the engine they started on.
 */
export class SpeechEngineSupervisor {
  private pending: PendingWhisper | undefined;
  private reason: string;
  private readonly stop = new AbortController();
  private provisioning: Promise<void> = Promise.resolve();

  private constructor(
    private readonly slot: EngineSlot,
    reason: string,
    private readonly settings: SpeechEngineSettings,
    private readonly log: EngineChoiceLog,
  ) {
    this.reason = reason;
  }

  /**
   * Serves the engine chosen and started (choose-engine.ts decides which); with a `target`, gets
   * whisper ready in the background and then gives new jobs whisper.
   */
  static start(
    started: StartedSpeechEngine,
    target: WhisperTarget | undefined,
    settings: SpeechEngineSettings,
    log: EngineChoiceLog,
  ): SpeechEngineSupervisor {
    const supervisor = new SpeechEngineSupervisor(
      new EngineSlot(started.engine),
      started.choice.reason,
      settings,
      log,
    );
    if (target) supervisor.provisioning = supervisor.provision(target);
    return supervisor;
  }

  /** For a job: the engine that serves new work now, kept open until the lease is released. */
  acquire(): EngineLease {
    return this.slot.acquire();
  }

  /** For short work such as a free trial. */
  current(): SpeechEngine {
    return this.slot.current();
  }

  status(): SpeechEngineStatus {
    const { engine } = this.slot;
    return {
      engine: engine.name,
      model: engine.model,
      multilingual: engine.multilingual,
      reason: this.reason,
      ...(this.pending ? { pending: { ...this.pending } } : {}),
    };
  }

  /** Resolves when the background work has ended: whisper serves, it failed, or none was needed. */
  settled(): Promise<void> {
    return this.provisioning;
  }

  /** Stops a download or build (a download resumes on the next start) and closes the engines. */
  async close(): Promise<void> {
    this.stop.abort(new Error('the server is stopping'));
    await this.provisioning;
    await this.slot.close();
  }

  private async provision(target: WhisperTarget): Promise<void> {
    const { signal } = this.stop;
    const fallback = this.slot.engine.name;
    // A file named by path that whisper.cpp cannot load: the start-up warning said why.
    if (!target.download && !(await isUsableModel(target.modelPath))) return;
    this.log.info(
      { engine: fallback, pending: 'whisper', model: target.name },
      `${fallback} serves until whisper ${target.name} is ready`,
    );
    try {
      if (target.download && !(await isUsableModel(target.modelPath))) {
        await this.download(target);
      }
      const { english } = target;
      if (english && !(await isUsableModel(english.modelPath))) {
        await this.download({ ...english, download: true });
      }
      const binaryPath = await this.whisperServer(target);
      this.setPending(target, 'starting');
      const engine = await startWhisperModels({
        modelPath: target.modelPath,
        ...(english ? { englishModelPath: english.modelPath } : {}),
        threads: this.settings.whisper.threads,
        binaryPath,
        temperatureIncrement: this.settings.whisper.temperatureIncrement,
        onWarning: (message) => this.log.warn({ engine: 'whisper' }, message),
      });
      if (signal.aborted) {
        await engine.close();
        return;
      }
      this.slot.replace(engine);
      this.reason = `whisper model ${target.modelPath} made ready in the background`;
      this.pending = undefined;
      this.log.info(
        { engine: 'whisper', model: engine.model },
        `whisper ${engine.model} is now serving new jobs`,
      );
    } catch (error) {
      if (signal.aborted) return;
      const message = failureMessage(error, target, this.settings, fallback);
      this.pending = { engine: 'whisper', model: target.name, state: 'failed', message };
      this.log.warn({ engine: fallback, pending: 'whisper', model: target.name }, message);
    }
  }

  private async download(target: WhisperTarget): Promise<void> {
    const { modelsDir, modelsBaseUrl } = this.settings.whisper;
    this.setPending(target, 'downloading');
    await mkdir(modelsDir, { recursive: true });
    let loggedTenth = -1;
    await withModelDownloadLock(
      `${target.modelPath}.lock`,
      () =>
        downloadWhisperModel({
          name: target.name,
          modelsDir,
          baseUrl: modelsBaseUrl,
          signal: this.stop.signal,
          onNotice: (message) => this.log.debug?.({ model: target.name }, message),
          onProgress: ({ receivedBytes, totalBytes }) => {
            if (!totalBytes) return;
            const percent = Math.min(100, Math.floor((receivedBytes / totalBytes) * 100));
            this.setPending(target, 'downloading', percent);
            const tenth = Math.floor(percent / 10);
            if (tenth === loggedTenth) return;
            loggedTenth = tenth;
            this.log.info(
              { pending: 'whisper', model: target.name, percent },
              `whisper ${target.name}: downloading ${percent}%`,
            );
          },
        }),
      {
        signal: this.stop.signal,
        onWaiting: () =>
          this.log.info(
            { pending: 'whisper', model: target.name },
            `whisper ${target.name}: another process is downloading it; waiting`,
          ),
      },
    );
  }

  /** The configured or built whisper-server; builds it when missing. */
  private async whisperServer(target: WhisperTarget): Promise<string> {
    const override = this.settings.whisper.binaryPath;
    if (override) return findWhisperServer(override);
    try {
      return await findWhisperServer();
    } catch {
      this.setPending(target, 'building');
      this.log.info(
        { pending: 'whisper', model: target.name },
        `whisper ${target.name}: building whisper-server (a few minutes, once)`,
      );
      return buildWhisperServerInBackground({
        signal: this.stop.signal,
        onOutput: (line) => this.log.debug?.({ build: 'whisper-server' }, line),
      });
    }
  }

  private setPending(target: WhisperTarget, state: PendingWhisper['state'], percent?: number) {
    this.pending = {
      engine: 'whisper',
      model: target.name,
      state,
      ...(percent === undefined ? {} : { percent }),
    };
  }
}

async function isUsableModel(modelPath: string): Promise<boolean> {
  try {
    await inspectWhisperModel(modelPath);
    return true;
  } catch {
    return false;
  }
}

function failureMessage(
  error: unknown,
  target: WhisperTarget,
  settings: SpeechEngineSettings,
  fallback: string,
): string {
  const detail = (error instanceof Error ? error.message : String(error))
    // The downloader speaks to a command-line user; the server says what to do below.
    .replace(/\s*Run the (same )?command again[^.]*\./, '')
    .replace(/\s*run the command again\.?/, '');
  if (!target.download || !(error instanceof Error) || error.name !== 'ModelDownloadError') {
    return `whisper ${target.name} could not start, so ${fallback} serves: ${detail} It is tried again on the next start.`;
  }
  const baseUrl = settings.whisper.modelsBaseUrl ?? DEFAULT_MODELS_BASE_URL;
  const url = modelUrl(target.name, baseUrl);
  return `whisper ${target.name} could not be downloaded from ${url}, so ${fallback} serves: ${detail} Fix: let this machine reach ${new URL(baseUrl).host}, or set WHISPER_MODEL_BASE_URL to a mirror, or put ${path.basename(target.modelPath)} into ${settings.whisper.modelsDir}; the download resumes on the next start (WHISPER_MODEL=none stops trying).`;
}
