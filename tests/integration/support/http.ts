import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './test-app.js';
import { SAME_ORIGIN } from './accounts.js';

/** Starts the test app on a real port: uploads go over real HTTP, as a browser sends them. */
export async function listen(app: TestApp): Promise<string> {
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

export async function uploadFile(
  baseUrl: string,
  cookie: string | undefined,
  filePath: string,
  options: {
    filename?: string;
    type?: string;
    url?: string;
    extraFields?: Record<string, string>;
    origin?: string;
  } = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.extraFields ?? {})) form.append(name, value);
  const bytes = await readFile(filePath);
  form.append(
    'audio',
    new Blob([bytes], { type: options.type ?? 'application/octet-stream' }),
    options.filename ?? path.basename(filePath),
  );
  return fetch(`${baseUrl}${options.url ?? '/api/transcriptions'}`, {
    method: 'POST',
    headers: { origin: options.origin ?? SAME_ORIGIN.origin, ...(cookie ? { cookie } : {}) },
    body: form,
  });
}

export async function getJson<T>(
  baseUrl: string,
  cookie: string,
  url: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as T };
}

/** Polls a transcription until the job has finished (completed or failed). */
export async function waitForTranscription<T extends { status: string }>(
  baseUrl: string,
  cookie: string,
  id: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await getJson<T>(baseUrl, cookie, `/api/transcriptions/${id}`);
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`transcription ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
