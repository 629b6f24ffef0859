// One Compose shape, started and proved the way a person would use it: sign up, upload real
// speech, get the transcript; stop and remove every container, start them again, and find the
// same transcript, its audio and the session still there. Volumes are removed at the end.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../free-port.mjs';
import {
  audioBytes,
  getTranscript,
  signIn,
  signUp,
  upload,
  waitForHealth,
  waitForTranscript,
} from './http-client.mjs';
import { log, output, run } from './process.mjs';

const START_TIMEOUT_MS = 10 * 60_000;
const TRANSCRIPT_TIMEOUT_MS = 10 * 60_000;
const seconds = (ms) => Number((ms / 1000).toFixed(1));

/** The .env a person would write from compose.env.example: fresh secrets, ports free on this machine. */
async function writeEnvFile(workDir, shape, image) {
  const secret = () => randomBytes(24).toString('hex');
  const ports = {
    SONOSCRIPT_PORT: await freePort(),
    POSTGRES_PORT: await freePort(),
    API_1_PORT: await freePort(),
    API_2_PORT: await freePort(),
    S3_PORT: await freePort(),
  };
  const file = path.join(workDir, `${shape}.env`);
  const lines = {
    COMPOSE_PROFILES: shape === 'scale' ? 'scale' : 'default',
    AUTH_SECRET: shape === 'scale' ? secret() : '',
    ENCRYPTION_KEY: shape === 'scale' ? randomBytes(32).toString('base64') : '',
    POSTGRES_PASSWORD: secret(),
    S3_ACCESS_KEY: secret(),
    S3_SECRET_KEY: secret(),
    HOST: '127.0.0.1',
    ...ports,
    S3_ENDPOINT: `http://127.0.0.1:${ports.S3_PORT}`,
    SONOSCRIPT_IMAGE: image,
    SONOSCRIPT_ENV_FILE: file,
    LOG_LEVEL: 'warn',
  };
  writeFileSync(
    file,
    `${Object.entries(lines)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );
  return { file, port: ports.SONOSCRIPT_PORT, ports };
}

function composer({ compose, repoRoot, envFile, project, profile }) {
  const base = [
    ...compose.slice(1),
    '--env-file',
    envFile,
    '-f',
    path.join(repoRoot, 'compose.yaml'),
    '-p',
    project,
    ...(profile ? ['--profile', profile] : []),
  ];
  return {
    run: (...args) => run(compose[0], [...base, ...args], { cwd: repoRoot }),
    output: (...args) => output(compose[0], [...base, ...args], { cwd: repoRoot }),
  };
}

/** Every container of the project, with its health as Docker sees it. */
function containerHealth(project) {
  const ids = output('docker', [
    'ps',
    '-q',
    '--filter',
    `label=com.docker.compose.project=${project}`,
  ])
    .split('\n')
    .filter(Boolean);
  return ids.map((id) => {
    const [name, health] = output('docker', [
      'inspect',
      '--format',
      '{{.Name}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}',
      id,
    ]).split(' ');
    return { name: name.replace(/^\//, ''), health };
  });
}

async function waitForHealthyContainers(project, expected) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const containers = containerHealth(project);
    const healthy = containers.filter((container) => container.health === 'healthy');
    if (containers.length >= expected && healthy.length === containers.length) return containers;
    if (Date.now() > deadline) {
      throw new Error(`containers not healthy: ${JSON.stringify(containers)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * shape 'default': app + postgres. shape 'scale': proxy, 2 APIs, `workers` workers, s3, postgres.
 * Resolves with the figures; the stack is always torn down (with its volumes).
 */
export async function proveStack({
  shape,
  compose,
  repoRoot,
  workDir,
  image,
  speech,
  workers = 2,
}) {
  const project = `sonoscript-check-${shape}`;
  const { file, port, ports } = await writeEnvFile(workDir, shape, image);
  const stack = composer({
    compose,
    repoRoot,
    envFile: file,
    project,
    profile: shape === 'scale' ? 'scale' : undefined,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const up = () =>
    stack.run(
      'up',
      '-d',
      '--no-build',
      ...(shape === 'scale' ? ['--scale', `worker=${workers}`] : []),
    );
  const expected = shape === 'scale' ? 5 + workers : 2;
  const figures = { shape };
  try {
    if (shape === 'scale') stack.run('build', 'proxy', 's3');
    log(`${shape}: starting (public address ${baseUrl})`);
    const started = Date.now();
    up();
    await waitForHealth(baseUrl, { timeoutMs: START_TIMEOUT_MS });
    figures.firstHealthSeconds = seconds(Date.now() - started);
    const containers = await waitForHealthyContainers(project, expected);
    figures.healthySeconds = seconds(Date.now() - started);
    log(`${shape}: ${containers.map((c) => `${c.name} ${c.health}`).join(', ')}`);

    const account = await signUp(baseUrl);
    const uploaded = Date.now();
    const id = await upload(baseUrl, account.cookie, speech.file);
    const transcript = await waitForTranscript(baseUrl, account.cookie, id, {
      timeoutMs: TRANSCRIPT_TIMEOUT_MS,
    });
    figures.uploadToTranscriptSeconds = seconds(Date.now() - uploaded);
    figures.upToTranscriptSeconds = seconds(Date.now() - started);
    figures.engine = transcript.engine;
    figures.text = transcript.text;
    const bytes = await audioBytes(baseUrl, account.cookie, id);
    log(
      `${shape}: transcript by ${transcript.engine}: "${transcript.text}" (${bytes} bytes of audio)`,
    );
    if (!transcript.text.trim()) throw new Error('the transcript is empty');
    if (shape === 'scale') {
      // Each API container, asked directly, knows the session and the transcript.
      for (const apiPort of [ports.API_1_PORT, ports.API_2_PORT]) {
        const direct = await getTranscript(`http://127.0.0.1:${apiPort}`, account.cookie, id);
        if (direct.text !== transcript.text)
          throw new Error(`API on ${apiPort} answers another text`);
      }
    }

    log(`${shape}: removing every container and starting again (the volumes stay)`);
    stack.run('down');
    const restarted = Date.now();
    up();
    await waitForHealth(baseUrl, { timeoutMs: START_TIMEOUT_MS });
    await waitForHealthyContainers(project, expected);
    figures.restartSeconds = seconds(Date.now() - restarted);
    // The old session still works (AUTH_SECRET and sessions kept), and so does a new sign-in.
    const again = await getTranscript(baseUrl, account.cookie, id);
    const fresh = await getTranscript(baseUrl, await signIn(baseUrl, account), id);
    if (again.text !== transcript.text || fresh.text !== transcript.text) {
      throw new Error('after the restart the transcript is not the same');
    }
    if ((await audioBytes(baseUrl, account.cookie, id)) !== bytes) {
      throw new Error('after the restart the audio is not the same');
    }
    log(`${shape}: after the restart the transcript, its audio and the session are there`);
    return figures;
  } catch (error) {
    try {
      process.stdout.write(stack.output('logs', '--tail', '60'));
    } catch {
      // the logs are a courtesy; the error below is what matters
    }
    throw error;
  } finally {
    log(`${shape}: tearing down (containers and volumes)`);
    stack.run('down', '-v', '--remove-orphans');
  }
}
