import type { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { ExportFile } from './export-format.js';
import type { ExportReply, ExportRequest } from './export-thread-messages.js';
import { exportTranscript } from './export-transcript.js';

// Worker thread entry: builds one export at a time, off the server's event loop.
const port = parentPort;
if (!port) throw new Error('export-thread must run in a worker thread');

async function bytesOf(body: ExportFile['body']): Promise<Uint8Array> {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  const chunks: Buffer[] = [];
  if (Buffer.isBuffer(body)) chunks.push(body);
  else for await (const chunk of body as Readable) chunks.push(Buffer.from(chunk as Buffer));
  // A fresh buffer of its own, so it can be handed over without copying (small Buffers share one).
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

port.on('message', (request: ExportRequest) => {
  void (async () => {
    let reply: ExportReply;
    try {
      const file = await exportTranscript(request.format, request.source);
      const bytes = await bytesOf(file.body);
      reply = {
        id: request.id,
        ok: true,
        contentType: file.contentType,
        extension: file.extension,
        bytes,
      };
    } catch (error) {
      reply = {
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    port.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []);
  })();
});
