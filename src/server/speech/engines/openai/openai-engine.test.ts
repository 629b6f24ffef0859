import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SpeechEngineError } from '../speech-engine-error.js';
import { createOpenAiEngine, MAX_REQUEST_BYTES } from './openai-engine.js';

interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | undefined;
}

/** A local stand-in for /v1/audio/transcriptions that parses the multipart body like the real one. */
let server: Server;
let baseUrl: string;
let received: ReceivedRequest[] = [];
let failuresToSend: number[] = [];

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const form = await new Request('http://fake.invalid/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
      const fields: Record<string, string> = {};
      let file: ReceivedRequest['file'];
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else
          file = {
            name: value.name,
            type: value.type,
            bytes: Buffer.from(await value.arrayBuffer()),
          };
      }
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        fields,
        file,
      });
      const status = failuresToSend.shift();
      if (status) {
        response.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '10' });
        response.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          task: 'transcribe',
          language: 'english',
          duration: 2,
          text: ' Hello there. General Kenobi.',
          segments: [
            {
              id: 0,
              seek: 0,
              start: 0.0,
              end: 0.9,
              text: ' Hello there.',
              tokens: [],
              temperature: 0,
              avg_logprob: -0.2,
              compression_ratio: 1,
              no_speech_prob: 0.01,
            },
            {
              id: 1,
              seek: 0,
              start: 1.1,
              end: 1.9,
              text: ' General Kenobi.',
              tokens: [],
              temperature: 0,
              avg_logprob: -0.2,
              compression_ratio: 1,
              no_speech_prob: 0.01,
            },
          ],
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  failuresToSend = [];
});

const twoSeconds = Int16Array.from({ length: 32_000 }, (_, index) =>
  Math.round(Math.sin(index / 10) * 8000),
);

describe('OpenAI-compatible engine', () => {
  it('sends the chunk as a WAV file with model and verbose_json, and maps the segments', async () => {
    const engine = createOpenAiEngine({
      apiUrl: baseUrl,
      apiKey: 'sk-test',
      model: 'whisper-large-v3',
      parallelism: 3,
    });
    const result = await engine.transcribe(twoSeconds, { language: 'en', prompt: 'Kenobi' });

    expect(received).toHaveLength(1);
    const request = received[0];
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.fields).toMatchObject({
      model: 'whisper-large-v3',
      response_format: 'verbose_json',
      language: 'en',
      prompt: 'Kenobi',
    });
    expect(request?.file?.name).toBe('audio.wav');
    expect(request?.file?.type).toBe('audio/wav');
    const wav = request?.file?.bytes ?? Buffer.alloc(0);
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.length).toBe(44 + twoSeconds.length * 2);

    expect(result).toEqual({
      text: 'Hello there. General Kenobi.',
      segments: [
        { start: 0, end: 0.9, text: 'Hello there.' },
        { start: 1.1, end: 1.9, text: 'General Kenobi.' },
      ],
      language: 'en',
    });
    expect(engine.parallelism).toBe(3);
  });

  it('works without an API key, as self-hosted servers allow', async () => {
    const engine = createOpenAiEngine({ apiUrl: baseUrl, model: 'whisper-1', parallelism: 1 });
    await engine.transcribe(twoSeconds);
    expect(received[0]?.authorization).toMatch(/^Bearer \S+/);
  });

  it('retries after a 429 and a 503, then succeeds', async () => {
    failuresToSend = [429, 503];
    const engine = createOpenAiEngine({
      apiUrl: baseUrl,
      model: 'whisper-1',
      parallelism: 1,
      maxRetries: 3,
    });
    const result = await engine.transcribe(twoSeconds);
    expect(received).toHaveLength(3);
    expect(result.segments).toHaveLength(2);
  });

  it('gives up with the status once retries run out', async () => {
    failuresToSend = [429, 429, 429];
    const engine = createOpenAiEngine({
      apiUrl: baseUrl,
      model: 'whisper-1',
      parallelism: 1,
      maxRetries: 1,
    });
    const error = await engine.transcribe(twoSeconds).catch((reason: unknown) => reason);
    expect(received).toHaveLength(2);
    expect(error).toBeInstanceOf(SpeechEngineError);
    expect((error as Error).message).toContain(
      `The transcription service at ${baseUrl} answered 429`,
    );
  });

  it('says clearly when the service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const engine = createOpenAiEngine({
      apiUrl: deadUrl,
      model: 'whisper-1',
      parallelism: 1,
      maxRetries: 0,
    });
    const error = await engine.transcribe(twoSeconds).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(SpeechEngineError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^The transcription service at ${deadUrl.replace(/[.]/g, '\\.')} could not be reached`,
      ),
    );
  });

  it('keeps every request under the 25 MB upload limit', async () => {
    const engine = createOpenAiEngine({ apiUrl: baseUrl, model: 'whisper-1', parallelism: 1 });
    const sixtySeconds = new Int16Array(60 * 16_000);
    await engine.transcribe(sixtySeconds);
    expect(received[0]?.file?.bytes.length).toBeLessThan(MAX_REQUEST_BYTES / 10);
    const tooLong = new Int16Array(MAX_REQUEST_BYTES / 2);
    await expect(engine.transcribe(tooLong)).rejects.toThrow(/over the 26214400-byte limit/);
    expect(received).toHaveLength(1);
  });
});
