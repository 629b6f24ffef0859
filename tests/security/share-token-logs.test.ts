import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareLinkDto } from '../../src/core/api/sharing.js';
import { signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { asUser, insertTranscript } from '../integration/support/transcripts.js';

const kinds = await databaseKinds();

describe.each(kinds)('the request log on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    // Requests are logged at debug only, so that is the level whose log could hold a URL.
    app = await createTestApp(kind, { logger: true, env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('never holds a share token: whoever reads the log cannot open what was shared', async () => {
    const user = await signUp(app);
    const { id } = await insertTranscript(app, user.userId);
    const shared = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/share`,
      headers: asUser(user.cookie),
    });
    expect(shared.statusCode).toBe(200);
    const { token } = shared.json<ShareLinkDto>();

    for (const url of [`/s/${token}`, `/api/shared/${token}`, `/api/shared/${token}/audio`]) {
      const response = await app.server.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
    }

    const logged = app.logLines().map((line) => JSON.stringify(line));
    // The requests were logged, with their tokens replaced.
    const urls = app
      .logLines()
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter((url): url is string => url !== undefined);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/s/[redacted]',
        '/api/shared/[redacted]',
        '/api/shared/[redacted]/audio',
      ]),
    );
    expect(logged.filter((line) => line.includes(token))).toEqual([]);
  });
});
