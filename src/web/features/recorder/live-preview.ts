import {
  LIVE_SAMPLE_RATE,
  LIVE_TRANSCRIPTION_PATH,
  type LiveServerMessage,
} from '../../../core/live-transcription';
import { concatenateSamples, downsample } from './wav-encoder';

/** How much audio goes in one message: words reach the server a quarter second after they are said. */
const SEND_EVERY_SECONDS = 0.25;

/** Audio kept while the connection opens. */
const MAX_HELD_SECONDS = 5;
/** One second per message, well inside the server's largest message. */
const MESSAGE_SAMPLES = LIVE_SAMPLE_RATE;

export const LIVE_DISCONNECTED =
  'Live preview disconnected. The recording goes on, and its full transcript is made when you use it.';

export interface LivePreviewState {
  text: string;
  /** The server's id for this preview, once it is open: the recording's upload names it. */
  previewId: string | null;
  /** Why the preview stopped or is unavailable; the recording itself goes on. */
  note: string | null;
}

export interface LivePreview {
  /** Takes captured samples at the microphone's rate; sends them as 16 kHz PCM. */
  send(samples: Float32Array, sampleRate: number): void;
  close(): void;
}

/**
 * The recorder's live preview: streams the audio to the server as it is captured and reports the
 * words the server hears. Only a preview: the transcript that is kept comes from the upload.
 */
export function openLivePreview(onChange: (state: LivePreviewState) => void): LivePreview {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${window.location.host}${LIVE_TRANSCRIPTION_PATH}`);
  socket.binaryType = 'arraybuffer';
  const state: LivePreviewState = { text: '', previewId: null, note: null };
  let pending: Float32Array[] = [];
  let pendingLength = 0;
  let stopped = false;
  let closedByUs = false;

  const update = (change: Partial<LivePreviewState>) => {
    Object.assign(state, change);
    onChange({ ...state });
  };

  socket.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data !== 'string') return;
    const message = JSON.parse(event.data) as LiveServerMessage;
    if (message.type === 'ready') update({ previewId: message.previewId });
    else if (message.type === 'transcript') update({ text: message.text });
    else if (message.type === 'stopped' || message.type === 'error') {
      stopped = true;
      update({ note: message.message });
    }
  };
  socket.onclose = () => {
    if (closedByUs || stopped) return;
    stopped = true;
    update({ note: LIVE_DISCONNECTED });
  };

  return {
    send(samples, sampleRate) {
      if (stopped || socket.readyState === WebSocket.CLOSED) return;
      pending.push(samples);
      pendingLength += samples.length;
      if (pendingLength < sampleRate * SEND_EVERY_SECONDS) return;
      if (socket.readyState !== WebSocket.OPEN) {
        // Still connecting: keep the last few seconds to send once it opens.
        while (pendingLength > sampleRate * MAX_HELD_SECONDS && pending.length > 1)
          pendingLength -= pending.shift()?.length ?? 0;
        return;
      }
      const pcm = downsample(concatenateSamples(pending), sampleRate, LIVE_SAMPLE_RATE);
      pending = [];
      pendingLength = 0;
      for (let start = 0; start < pcm.length; start += MESSAGE_SAMPLES)
        socket.send(toPcm16(pcm.subarray(start, start + MESSAGE_SAMPLES)));
    },
    close() {
      closedByUs = true;
      // Closing while it connects makes the browser log an error; close once it is open instead.
      if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close(1000);
      else socket.close(1000);
    },
  };
}

/** 16-bit little-endian PCM, samples clamped to [-1, 1]. */
function toPcm16(samples: Float32Array): ArrayBuffer {
  const buffer = new ArrayBuffer(samples.length * 2);
  const view = new DataView(buffer);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = Math.max(-1, Math.min(1, samples[index] ?? 0));
    view.setInt16(index * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return buffer;
}
