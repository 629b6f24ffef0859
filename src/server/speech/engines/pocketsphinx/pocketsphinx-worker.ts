import { parentPort, workerData } from 'node:worker_threads';
import { findPocketSphinxModel } from './find-pocketsphinx-model.js';
import { PocketSphinxDecoder } from './pocketsphinx-decoder.js';
import { loadPocketSphinxLibrary } from './pocketsphinx-library.js';
import type { PocketSphinxWorkerData, WorkerReply, WorkerRequest } from './worker-messages.js';

// Worker thread entry: one decoder, loaded once, decoding chunk after chunk.
const port = parentPort;
if (!port) throw new Error('pocketsphinx-worker must run in a worker thread');

const reply = (message: WorkerReply): void => port.postMessage(message);
const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

function start(data: PocketSphinxWorkerData): PocketSphinxDecoder | undefined {
  const started = performance.now();
  try {
    const library = loadPocketSphinxLibrary(data.libraryNames);
    const decoder = new PocketSphinxDecoder(library, findPocketSphinxModel(data.modelDirectory));
    reply({ type: 'ready', loadMilliseconds: performance.now() - started });
    return decoder;
  } catch (error) {
    reply({ type: 'failed', message: messageOf(error) });
    return undefined;
  }
}

const decoder = start(workerData as PocketSphinxWorkerData);
if (!decoder) {
  port.close();
} else {
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'close') {
      decoder.free();
      port.close();
      return;
    }
    try {
      reply({ type: 'decoded', id: request.id, utterances: decoder.decode(request.samples) });
    } catch (error) {
      reply({ type: 'error', id: request.id, message: messageOf(error) });
    }
  });
}
