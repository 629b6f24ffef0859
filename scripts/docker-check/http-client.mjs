// What a person does over HTTP in the docker check: sign up, upload a recording, wait for its
// transcript, read it back. Plain fetch against the stack's public address.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function cookieOf(response) {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

async function expectOk(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

/** Resolves once GET /api/health answers 200; the last answer or error in the message otherwise. */
export async function waitForHealth(baseUrl, { timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) return response.json();
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? (error.cause?.code ?? error.message) : String(error);
    }
    await sleep(1000);
  }
  throw new Error(`${baseUrl}/api/health did not answer 200 in ${timeoutMs / 1000} s (${last})`);
}

/** Signs up as the form does without email (sign-up, then sign-in); the session's cookie. */
export async function signUp(baseUrl) {
  const email = `docker-check-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  await expectOk(
    await fetch(`${baseUrl}/api/identity/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password, name: 'Docker Check' }),
    }),
    'sign-up',
  );
  return { email, password, cookie: await signIn(baseUrl, { email, password }) };
}

export async function signIn(baseUrl, { email, password }) {
  const response = await expectOk(
    await fetch(`${baseUrl}/api/identity/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password }),
    }),
    'sign-in',
  );
  return cookieOf(response);
}

export async function upload(baseUrl, cookie, file) {
  const form = new FormData();
  form.append('audio', new Blob([await readFile(file)]), path.basename(file));
  const response = await expectOk(
    await fetch(`${baseUrl}/api/transcriptions`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl },
      body: form,
    }),
    'upload',
  );
  return (await response.json()).id;
}

export async function getTranscript(baseUrl, cookie, id) {
  const response = await expectOk(
    await fetch(`${baseUrl}/api/transcriptions/${id}`, { headers: { cookie } }),
    `GET /api/transcriptions/${id}`,
  );
  return response.json();
}

/** Polls the transcript until it is completed; a failed job or the deadline throws. */
export async function waitForTranscript(baseUrl, cookie, id, { timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await getTranscript(baseUrl, cookie, id);
    if (last.status === 'completed') return last;
    if (!['queued', 'processing'].includes(last.status)) {
      throw new Error(
        `the transcription ended ${last.status}: ${JSON.stringify(last.error ?? last)}`,
      );
    }
    await sleep(1000);
  }
  throw new Error(`no transcript in ${timeoutMs / 1000} s (status ${last?.status})`);
}

/** The stored audio's size in bytes, as the player would fetch it. */
export async function audioBytes(baseUrl, cookie, id) {
  const response = await expectOk(
    await fetch(`${baseUrl}/api/transcriptions/${id}/audio`, { headers: { cookie } }),
    'the audio',
  );
  return (await response.arrayBuffer()).byteLength;
}
