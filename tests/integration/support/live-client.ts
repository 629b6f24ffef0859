import WebSocket from 'ws';
import type { LiveServerMessage } from '../../../src/core/live-transcription.js';
import { runForBytes } from '../../fixtures/speech/speech-fixtures.js';

/** Half a second of 16 kHz 16-bit PCM: the size of piece the recorder sends. */
const PIECE_BYTES = 16_000;

export interface LiveClient {
  socket: WebSocket;
  messages: LiveServerMessage[];
  waitFor(match: (message: LiveServerMessage) => boolean): Promise<LiveServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
  sendPcm(pcm: Buffer): void;
}

/** Opens the live preview as a browser on the site would (its Origin and session cookie). */
export function openLive(
  wsUrl: string,
  headers: Record<string, string>,
): Promise<LiveClient | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { headers });
    const messages: LiveServerMessage[] = [];
    const waiters: Array<() => void> = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as LiveServerMessage);
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 });
      response.resume();
    });
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        messages,
        closed,
        sendPcm: (pcm) => {
          for (let offset = 0; offset < pcm.length; offset += PIECE_BYTES) {
            socket.send(pcm.subarray(offset, offset + PIECE_BYTES), { binary: true });
          }
        },
        waitFor: async (match) => {
          for (;;) {
            const found = messages.find(match);
            if (found) return found;
            if (socket.readyState !== WebSocket.OPEN) {
              throw new Error(`socket closed first; got ${JSON.stringify(messages)}`);
            }
            await new Promise<void>((wake) => waiters.push(wake));
          }
        },
      }),
    );
  });
}

export function opened(client: LiveClient | { refused: number }): LiveClient {
  if ('refused' in client) throw new Error(`refused with ${client.refused}`);
  return client;
}

export async function pcmOf(wavPath: string): Promise<Buffer> {
  return runForBytes('ffmpeg', ['-nostdin', '-v', 'error', '-i', wavPath, '-f', 's16le', '-']);
}
