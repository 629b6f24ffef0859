// The image's HEALTHCHECK. A web server (ROLE all or api) is healthy when /api/health answers
// 200, which it does only while its database answers. A worker has no HTTP: it is healthy while
// its PostgreSQL answers, the one thing it cannot work without.
const TIMEOUT_MS = 4000;
const role = process.env.ROLE ?? 'all';

async function serverAnswers() {
  const host = ['', '0.0.0.0', '::'].includes(process.env.HOST ?? '')
    ? '127.0.0.1'
    : process.env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT ?? 3000}/api/health`;
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
}

async function databaseAnswers() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    connectionTimeoutMillis: TIMEOUT_MS,
  });
  await client.connect();
  try {
    await client.query('select 1');
  } finally {
    await client.end();
  }
}

try {
  await (role === 'worker' ? databaseAnswers() : serverAnswers());
  process.exit(0);
} catch (error) {
  process.stderr.write(`unhealthy: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
