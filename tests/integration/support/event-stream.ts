export interface ReceivedEvent {
  id: string;
  event: string;
  data: unknown;
}

/**
 * Reads a text/event-stream as a browser's EventSource would, until the server ends it or `stop`
 * says enough (then the connection is dropped, as a closed tab drops it).
 */
export async function readEventStream(
  url: string,
  headers: Record<string, string>,
  stop: (event: ReceivedEvent, received: ReceivedEvent[]) => boolean = () => false,
): Promise<{ status: number; contentType: string | null; events: ReceivedEvent[] }> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const contentType = response.headers.get('content-type');
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return { status: response.status, contentType, events };
  }
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let blank = buffer.indexOf('\n\n');
      while (blank >= 0) {
        const block = buffer.slice(0, blank);
        buffer = buffer.slice(blank + 2);
        blank = buffer.indexOf('\n\n');
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon <= 0) continue; // a comment or the retry line's value-less field
          fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
        }
        if (!fields.has('event')) continue;
        const event: ReceivedEvent = {
          id: fields.get('id') ?? '',
          event: fields.get('event') ?? '',
          data: JSON.parse(fields.get('data') ?? 'null') as unknown,
        };
        events.push(event);
        if (stop(event, events)) {
          abort.abort();
          return { status: response.status, contentType, events };
        }
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }
  return { status: response.status, contentType, events };
}

export interface StreamedSegment {
  start: number;
  end: number;
  text: string;
}

/** The transcript a client builds from `segments` events: each replaces from its `from` on. */
export function applySegmentEvents(
  events: readonly ReceivedEvent[],
  initial: StreamedSegment[] = [],
): StreamedSegment[] {
  let segments = [...initial];
  for (const event of events) {
    if (event.event !== 'segments') continue;
    const data = event.data as { from: number; segments: StreamedSegment[] };
    segments = [...segments.slice(0, data.from), ...data.segments];
  }
  return segments;
}
