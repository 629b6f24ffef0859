import { concatenateSamples } from './wav-encoder';

const PROCESSOR_URL = `${import.meta.env.BASE_URL}recorder/capture-processor.js`;
const PROCESSOR_NAME = 'sonoscript-capture';
const FLUSH_TIMEOUT_MS = 1_000;

/** Browser processing off: echo cancellation and auto gain clipped test recordings to 0 dBFS. */
const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
};

export interface CapturedAudio {
  samples: Float32Array;
  sampleRate: number;
}

export interface CaptureSession {
  /** Collects the last samples, then releases the microphone and the audio context. */
  stop(): Promise<CapturedAudio>;
  /** Releases the microphone and the audio context, dropping the samples. Safe to call twice. */
  dispose(): void;
}

export interface CaptureOptions {
  /** Each block of samples as it is captured (for the live preview). */
  onSamples?: (samples: Float32Array, sampleRate: number) => void;
}

/** Opens the microphone and records raw Float32 frames through an AudioWorklet. */
export async function startCapture(options: CaptureOptions = {}): Promise<CaptureSession> {
  if (!navigator.mediaDevices?.getUserMedia)
    throw new DOMException('No microphone API', 'NotSupportedError');
  const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
  let context: AudioContext | undefined;
  const chunks: Float32Array[] = [];
  let node: AudioWorkletNode | undefined;
  let disposed = false;

  const dispose = () => {
    if (disposed) return;
    disposed = true;
    for (const track of stream.getTracks()) track.stop();
    if (node) {
      node.port.onmessage = null;
      node.disconnect();
    }
    if (context && context.state !== 'closed') void context.close().catch(() => undefined);
  };

  try {
    const audio = new AudioContext();
    context = audio;
    await audio.audioWorklet.addModule(PROCESSOR_URL);
    node = new AudioWorkletNode(audio, PROCESSOR_NAME, {
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    const worklet = node;
    const source = audio.createMediaStreamSource(stream);
    // A silent path to the speakers keeps the graph pulled in every browser without echoing the voice.
    const mute = audio.createGain();
    mute.gain.value = 0;
    source.connect(worklet).connect(mute).connect(audio.destination);
    await audio.resume();

    let onFlushed: (() => void) | undefined;
    worklet.port.onmessage = (event: MessageEvent<Float32Array | 'flushed'>) => {
      if (event.data === 'flushed') onFlushed?.();
      else {
        chunks.push(event.data);
        options.onSamples?.(event.data, audio.sampleRate);
      }
    };

    const stop = async (): Promise<CapturedAudio> => {
      const sampleRate = audio.sampleRate;
      if (!disposed) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
          onFlushed = () => {
            clearTimeout(timer);
            resolve();
          };
          worklet.port.postMessage('flush');
        });
      }
      dispose();
      return { samples: concatenateSamples(chunks), sampleRate };
    };
    return { stop, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
