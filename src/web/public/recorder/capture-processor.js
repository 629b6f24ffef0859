/* global registerProcessor, AudioWorkletProcessor */
// Runs on the audio thread. Copies the microphone's samples (mixed to mono) and posts them to the
// page in blocks, so the page can build a real PCM WAV file. 'flush' posts the partial last block,
// then 'flushed', so the page knows every sample has arrived.
const BLOCK_FRAMES = 4096;

class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(BLOCK_FRAMES);
    this.filled = 0;
    this.port.onmessage = (event) => {
      if (event.data !== 'flush') return;
      if (this.filled > 0) this.port.postMessage(this.block.slice(0, this.filled));
      this.filled = 0;
      this.port.postMessage('flushed');
    };
  }

  process(inputs) {
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    const frames = channels[0].length;
    for (let frame = 0; frame < frames; frame += 1) {
      let sum = 0;
      for (const channel of channels) sum += channel[frame];
      this.block[this.filled] = sum / channels.length;
      this.filled += 1;
      if (this.filled === BLOCK_FRAMES) {
        this.port.postMessage(this.block.slice());
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('sonoscript-capture', CaptureProcessor);
