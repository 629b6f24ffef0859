import type { SpeechEngine } from './engines/engine.js';

export interface EngineLease {
  readonly engine: SpeechEngine;
  /** Call once the work is done; the engine may be closed after its last lease. */
  release(): void;
}

/**
 * How long a replaced engine stays open without work before it closes: a free trial holds no
 * lease, and its next call may follow a moment after the last one.
 */
const RETIRE_IDLE_MS = 5_000;

interface Held {
  engine: SpeechEngine;
  leases: number;
  calls: number;
  retired: boolean;
  closing?: Promise<void>;
  timer?: NodeJS.Timeout;
}

/**
 * The speech engine that serves new work, replaceable while work runs: a job takes a lease and
 * keeps its engine to the end, a replaced engine closes after its last lease and call.
 */
export class EngineSlot {
  private held: Held;
  private readonly retired = new Set<Held>();
  private closed = false;

  constructor(engine: SpeechEngine) {
    this.held = { engine, leases: 0, calls: 0, retired: false };
  }

  get engine(): SpeechEngine {
    return this.held.engine;
  }

  /** For one job: the engine stays open until `release()`. */
  acquire(): EngineLease {
    const held = this.held;
    held.leases += 1;
    let released = false;
    return {
      engine: held.engine,
      release: () => {
        if (released) return;
        released = true;
        held.leases -= 1;
        this.closeIfUnused(held);
      },
    };
  }

  /**
   * For short work without a lease (a free trial): the current engine, whose calls are counted so
   * that a replaced engine stays open while they run and for a few idle seconds after.
   */
  current(): SpeechEngine {
    const held = this.held;
    const counted = <T>(run: () => Promise<T>): Promise<T> => {
      held.calls += 1;
      clearTimeout(held.timer);
      return run().finally(() => {
        held.calls -= 1;
        this.closeIfUnused(held);
      });
    };
    const engine = held.engine;
    return {
      name: engine.name,
      model: engine.model,
      multilingual: engine.multilingual,
      parallelism: engine.parallelism,
      maxChunkSeconds: engine.maxChunkSeconds,
      carriesContext: engine.carriesContext,
      planChunks: engine.planChunks
        ? (pcmPath, request) => counted(() => engine.planChunks!(pcmPath, request))
        : undefined,
      transcribe: (pcm, options) => counted(() => engine.transcribe(pcm, options)),
      close: () => Promise.resolve(),
    };
  }

  /** New work gets `engine`; the previous one closes when its running work is done. */
  replace(engine: SpeechEngine): void {
    if (this.closed) {
      void engine.close();
      return;
    }
    const previous = this.held;
    this.held = { engine, leases: 0, calls: 0, retired: false };
    previous.retired = true;
    this.retired.add(previous);
    this.closeIfUnused(previous);
  }

  /** Closes every engine; callers stop taking work first (the job queue stops gracefully). */
  async close(): Promise<void> {
    this.closed = true;
    const all = [this.held, ...this.retired];
    await Promise.all(all.map((held) => this.closeHeld(held)));
  }

  /** A retired engine closes once it has had no lease and no call for RETIRE_IDLE_MS. */
  private closeIfUnused(held: Held): void {
    if (!held.retired || held.leases > 0 || held.calls > 0 || held.closing) return;
    clearTimeout(held.timer);
    held.timer = setTimeout(() => {
      if (held.leases === 0 && held.calls === 0) void this.closeHeld(held);
    }, RETIRE_IDLE_MS);
    held.timer.unref();
  }

  private closeHeld(held: Held): Promise<void> {
    clearTimeout(held.timer);
    held.closing ??= held.engine.close().finally(() => this.retired.delete(held));
    return held.closing;
  }
}
