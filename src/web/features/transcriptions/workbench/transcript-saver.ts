import type { TranscriptSegmentDto, TranscriptionPatch } from '../../../../core/api/transcriptions';

/** What the page edits: the name and the timed text. */
export interface TranscriptDocument {
  readonly filename: string;
  readonly segments: readonly TranscriptSegmentDto[];
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';

export interface SaveState {
  status: SaveStatus;
  /** Why the last save failed, for `error`. */
  message?: string;
}

/** Thrown by `send` with the answer's status, so the saver can tell a stale version from the rest. */
export interface SendFailure {
  status?: number;
  message?: string;
}

export interface TranscriptSaverOptions<Saved> {
  saved: TranscriptDocument;
  version: number;
  send: (patch: TranscriptionPatch) => Promise<Saved & { version: number }>;
  onState: (state: SaveState) => void;
  onSaved: (saved: Saved & { version: number }) => void;
}

/**
 * Keeps the server's copy in step with the page: one PATCH at a time, each naming the version it
 * was made on and carrying only what changed, the latest wanted state sent once the one in flight
 * returns. A 409 (another tab saved first) stops saving until the page reloads.
 */
export class TranscriptSaver<Saved> {
  private saved: TranscriptDocument;
  private wanted: TranscriptDocument;
  private version: number;
  private inFlight = false;
  private state: SaveState = { status: 'idle' };
  private waiting: Array<() => void> = [];

  constructor(private readonly options: TranscriptSaverOptions<Saved>) {
    this.saved = options.saved;
    this.wanted = options.saved;
    this.version = options.version;
  }

  get currentState(): SaveState {
    return this.state;
  }

  get hasUnsavedChanges(): boolean {
    return this.inFlight || changes(this.saved, this.wanted) !== null;
  }

  /** Asks for this state to be saved; an older wish still waiting is replaced. */
  save(document: TranscriptDocument): void {
    this.wanted = document;
    void this.pump();
  }

  /** After an error: tries the latest wanted state again. */
  retry(): void {
    if (this.state.status === 'error') void this.pump();
  }

  /** Settles once nothing is waiting or in flight (or saving has stopped on an error or conflict). */
  settled(): Promise<void> {
    if (!this.inFlight) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private async pump(): Promise<void> {
    if (this.inFlight || this.state.status === 'conflict') return;
    const document = this.wanted;
    const patch = changes(this.saved, document);
    if (!patch) {
      if (this.state.status === 'saving' || this.state.status === 'error') {
        this.setState({ status: 'saved' });
      }
      this.release();
      return;
    }
    this.inFlight = true;
    this.setState({ status: 'saving' });
    try {
      const saved = await this.options.send({ ...patch, version: this.version });
      this.saved = document;
      this.version = saved.version;
      this.inFlight = false;
      this.options.onSaved(saved);
      if (this.wanted === document) this.setState({ status: 'saved' });
      void this.pump();
    } catch (error) {
      this.inFlight = false;
      const failure = error as SendFailure;
      this.setState(
        failure.status === 409
          ? { status: 'conflict' }
          : { status: 'error', message: failure.message },
      );
      this.release();
    }
  }

  private setState(state: SaveState): void {
    this.state = state;
    this.options.onState(state);
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/** The fields of `next` that differ from `saved`, or null when nothing does. */
function changes(saved: TranscriptDocument, next: TranscriptDocument): TranscriptionPatch | null {
  const patch: TranscriptionPatch = {};
  if (next.filename !== saved.filename) patch.filename = next.filename;
  // Words are the server's to time: lines are sent without them.
  if (next.segments !== saved.segments)
    patch.segments = next.segments.map(({ words: _words, ...line }) => line);
  return Object.keys(patch).length > 0 ? patch : null;
}
