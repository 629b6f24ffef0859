import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.js';
import { CONTACT_RATE_LIMITED } from '../../src/server/contact/contact.routes.js';
import { SAME_ORIGIN } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const VALID = {
  name: 'Ada',
  email: 'ada@example.com',
  subject: 'Pricing question',
  message: 'Do you offer team plans?',
};

describe.each(kinds)('contact messages on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, {
      env: { RUN_WORKERS: 'false', CONTACT_EMAIL: 'help@example.org' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (payload: object, ip = '192.0.2.10') =>
    app.server.inject({
      method: 'POST',
      url: '/api/contact',
      headers: SAME_ORIGIN,
      payload,
      remoteAddress: ip,
    });

  it('stores a valid message and says it was not emailed on a server without SMTP', async () => {
    const response = await send(VALID);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, forwarded: false });
    const rows = await app.database.db.query.contactMessages.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(VALID);
  });

  it.each([
    ['name', { ...VALID, name: 'A' }, MESSAGES.contactName],
    ['email', { ...VALID, email: 'not-an-email' }, MESSAGES.contactEmail],
    ['subject', { ...VALID, subject: 'Hi' }, MESSAGES.contactSubject],
    ['message', { ...VALID, message: 'Too short' }, MESSAGES.contactMessage],
  ])(
    'refuses a bad %s with 400 and its message, storing nothing',
    async (_field, payload, message) => {
      const before = (await app.database.db.query.contactMessages.findMany()).length;
      const response = await send(payload, '192.0.2.11');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect((await app.database.db.query.contactMessages.findMany()).length).toBe(before);
    },
  );

  it('limits messages per client', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await send(VALID, '192.0.2.99')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await send(VALID, '192.0.2.99')).json()).toEqual({ message: CONTACT_RATE_LIMITED });
  });

  it("serves the operator's contact details to the public pages", async () => {
    const response = await app.server.inject({ url: '/api/site' });
    expect(response.json()).toMatchObject({ contactEmail: 'help@example.org' });
  });
});
