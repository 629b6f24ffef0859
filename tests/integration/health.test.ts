import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechEngineReports } from '../../src/server/db/schema.js';
import { withoutPaths } from '../../src/server/http/without-paths.js';
import { createTestApp, OPERATOR, type TestApp } from './support/test-app.js';

/** What a server on PocketSphinx tells clients about languages (docs/decisions/0052). */
const ENGLISH_ONLY = {
  languages: ['en'],
  translate: false,
  needs: 'the whisper engine, which this server has not downloaded yet',
};

describe('/api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', { env: { RUN_WORKERS: 'true' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('tells anyone only whether it is up and which engine serves', async () => {
    const response = await app.server.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      engine: 'pocketsphinx',
      speech: ENGLISH_ONLY,
    });
    expect(response.body).not.toContain(app.dataDir);
  });

  it('a wrong token sees what anyone sees', async () => {
    const response = await app.server.inject({
      url: '/api/health',
      headers: { authorization: 'Bearer not-the-operator-token' },
    });
    expect(response.json()).toEqual({
      status: 'ok',
      engine: 'pocketsphinx',
      speech: ENGLISH_ONLY,
    });
  });

  it('tells the operator (HEALTH_TOKEN) the model, why, folders and queue depth', async () => {
    const response = await app.server.inject({ url: '/api/health', headers: OPERATOR });
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { kind: 'pglite', reachable: true },
      engine: 'pocketsphinx',
      model: 'cmusphinx-en-us',
      engineReason: expect.any(String) as unknown,
      queue: { queued: 0, active: 0 },
      paths: { dataDir: app.dataDir, audioDir: app.config.audioDir },
    });
  });

  it('a process that runs no speech starts no engine, and says no worker serves', async () => {
    const apiOnly = await createTestApp('pglite');
    try {
      expect(apiOnly.speech).toBeNull();
      const response = await apiOnly.server.inject({ url: '/api/health', headers: OPERATOR });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'ok',
        engine: 'none',
        engineReason: expect.stringContaining('npm run worker') as unknown,
      });
    } finally {
      await apiOnly.close();
    }
  });

  it('names the engine most workers run, whichever reported last, and says not all run it', async () => {
    const apiOnly = await createTestApp('pglite');
    try {
      const report = (processId: string, engine: string, model: string, secondsAgo: number) => ({
        processId,
        engine,
        model,
        reason: `${engine} serves.`,
        reportedAt: new Date(Date.now() - secondsAgo * 1000),
      });
      await apiOnly.database.db.insert(speechEngineReports).values([
        report('worker-a', 'whisper', 'base.en', 4),
        report('worker-b', 'whisper', 'base.en', 3),
        report('worker-c', 'pocketsphinx', 'cmusphinx-en-us', 1),
        // Stopped reporting a minute ago: no longer counted.
        report('worker-d', 'pocketsphinx', 'cmusphinx-en-us', 60),
      ]);
      const response = await apiOnly.server.inject({ url: '/api/health', headers: OPERATOR });
      expect(response.json()).toMatchObject({
        engine: 'whisper',
        model: 'base.en',
        engineReason:
          'whisper serves. Not every worker runs it: 1 of 3 runs pocketsphinx (cmusphinx-en-us).',
      });
    } finally {
      await apiOnly.close();
    }
  });

  it('public messages name files but not where they are', () => {
    expect(
      withoutPaths('put ggml-base.en.bin into /srv/sonoscript/models; or /opt/x/ggml-a.bin.'),
    ).toBe('put ggml-base.en.bin into …/models; or …/ggml-a.bin.');
    expect(withoutPaths('from http://mirror.example/models/ggml-base.en.bin failed')).toBe(
      'from http://mirror.example/models/ggml-base.en.bin failed',
    );
  });
});
