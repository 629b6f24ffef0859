/** An event stream held open as a browser tab holds it, and whether the server has ended it. */
export interface HeldStream {
  status: number;
  /** Resolves once the server ends the stream. */
  ended: Promise<void>;
  readonly isEnded: boolean;
  /** Drops the connection, as a closed tab does. */
  drop(): void;
}

export async function holdEventStream(url: string, cookie: string): Promise<HeldStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', cookie },
    signal: abort.signal,
  });
  let isEnded = false;
  const reader = response.body?.getReader();
  const ended = (async () => {
    if (!reader) return;
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
    isEnded = true;
  })();
  return {
    status: response.status,
    ended,
    get isEnded() {
      return isEnded;
    },
    drop: () => abort.abort(),
  };
}
