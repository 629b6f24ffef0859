import { PocketSphinxAligner } from './pocketsphinx-aligner.js';
import { parentPort, workerData } from 'node:worker_threads';
import { DecoderVocabulary } from './decoder-vocabulary.js';
import { findPocketSphinxModel } from './find-pocketsphinx-model.js';
import { PocketSphinxDecoder } from './pocketsphinx-decoder.js';
import { loadPocketSphinxLibrary } from './pocketsphinx-library.js';
import type {
  PocketSphinxWorkerData,
  WorkerReply,
  WorkerRequest,
  WorkerTask,
} from './worker-messages.js';

// Worker thread entry: one decoder, loaded once, decoding chunk after chunk.
const port = parentPort;
if (!port) throw new Error('pocketsphinx-worker must run in a worker thread');

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []): void =>
  port.postMessage(message, transfer);
const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

function start(data: PocketSphinxWorkerData): DecoderVocabulary | undefined {
  const started = performance.now();
  try {
    const library = loadPocketSphinxLibrary(data.libraryNames);
    const model = findPocketSphinxModel(data.modelDirectory);
    const decoder = new DecoderVocabulary(
      () => new PocketSphinxDecoder(library, model),
      data.learnedWordWeight,
    );
    reply({
      type: 'ready',
      loadMilliseconds: performance.now() - started,
      seedsCepstralMean: decoder.current.seedsCepstralMean,
    });
    return decoder;
  } catch (error) {
    reply({ type: 'failed', message: messageOf(error) });
    return undefined;
  }
}

let aligner: PocketSphinxAligner | undefined;

function run(decoder: DecoderVocabulary, request: WorkerTask & { id: number }): void {
  if (request.type === 'align') {
    // The aligner's own decoder loads only when a thread is first asked to align.
    aligner ??= new PocketSphinxAligner(
      loadPocketSphinxLibrary(data.libraryNames),
      findPocketSphinxModel(data.modelDirectory),
    );
    reply({
      type: 'aligned',
      id: request.id,
      words: aligner.align(request.samples, request.words),
    });
  } else if (request.type === 'decode') {
    const utterances = decoder
      .knowing(request.vocabularyWords ?? [])
      .decode(request.samples, request.startMean);
    reply({ type: 'decoded', id: request.id, utterances });
  } else {
    const analysis = decoder.current.analyse(request.pcmPath);
    reply({ type: 'analysed', id: request.id, analysis }, [analysis.cepstralMeans.buffer]);
  }
}

const data = workerData as PocketSphinxWorkerData;
const decoder = start(data);
if (!decoder) {
  port.close();
} else {
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'close') {
      decoder.free();
      aligner?.free();
      port.close();
      return;
    }
    try {
      run(decoder, request);
    } catch (error) {
      reply({ type: 'error', id: request.id, message: messageOf(error) });
    }
  });
}
