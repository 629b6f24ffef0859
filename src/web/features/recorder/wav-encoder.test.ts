import { describe, expect, it } from 'vitest';
import { concatenateSamples, downsample, encodeWav } from './wav-encoder';

const ascii = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)));

describe('encodeWav', () => {
  it('writes a 44-byte PCM mono 16-bit header', () => {
    const view = new DataView(encodeWav(new Float32Array(10), 16_000));
    expect(view.byteLength).toBe(44 + 20);
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 20);
    expect(ascii(view, 8, 4)).toBe('WAVE');
    expect(ascii(view, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(20);
  });

  it('converts samples to 16-bit integers, clamping out-of-range values', () => {
    const view = new DataView(encodeWav(Float32Array.from([0, 1, -1, 0.5, -0.5, 2, -2]), 48_000));
    const pcm = Array.from({ length: 7 }, (_, index) => view.getInt16(44 + index * 2, true));
    expect(pcm).toEqual([0, 32767, -32768, 16383, -16384, 32767, -32768]);
    expect(view.getUint32(24, true)).toBe(48_000);
  });

  it('encodes silence of no length as a header alone', () => {
    expect(encodeWav(new Float32Array(0), 16_000).byteLength).toBe(44);
  });
});

describe('downsample', () => {
  it('averages each window of input samples', () => {
    const input = Float32Array.from([0, 0, 0, 1, 1, 1, 0.5, 0.5, 0.5]);
    expect(Array.from(downsample(input, 48_000, 16_000))).toEqual([0, 1, 0.5]);
  });

  it('keeps the length proportional for non-integer ratios', () => {
    expect(downsample(new Float32Array(44_100), 44_100, 16_000).length).toBe(16_000);
  });

  it('leaves audio at or below the target rate unchanged', () => {
    const input = Float32Array.from([0.1, 0.2]);
    expect(downsample(input, 16_000, 16_000)).toBe(input);
    expect(downsample(input, 8_000, 16_000)).toBe(input);
  });
});

describe('concatenateSamples', () => {
  it('joins chunks in order', () => {
    const joined = concatenateSamples([
      Float32Array.from([1, 2]),
      new Float32Array(0),
      Float32Array.from([3]),
    ]);
    expect(Array.from(joined)).toEqual([1, 2, 3]);
  });
});
