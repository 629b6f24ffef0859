// Server memory while receiving a 100 MB upload: the upload must stream to disk, not to memory.
import { openSync, closeSync, ftruncateSync, mkdtempSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { createReadStream } from 'node:fs';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';
import { wavHeader } from '../tests/fixtures/speech/speech-fixtures.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-upload-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RUN_WORKERS: 'false',
  BASE_URL: 'http://localhost:3000',
});
const database = await openDatabase(config.database);
await database.migrate();
const { server } = await buildApp({ config, database, logger: false, runWorkers: false });
await server.listen({ port: 0, host: '127.0.0.1' });
const address = server.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;

const { cookie } = await signUpOverHttp(base, { origin: 'http://localhost:3000' });

// A 100 MB WAV: a real header followed by silence, so the server accepts and stores it.
const file = path.join(dataDir, 'big.wav');
const dataBytes = 100 * 1024 * 1024 - 44 - 1024;
const fd = openSync(file, 'w');
writeSync(fd, wavHeader(dataBytes));
ftruncateSync(fd, 44 + dataBytes);
closeSync(fd);

global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const boundary = '----bench';
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const started = performance.now();
const status = await new Promise<number>((resolve, reject) => {
  const req = request(
    `${base}/api/transcriptions`,
    {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    },
    (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    },
  );
  req.on('error', reject);
  req.write(head);
  const stream = createReadStream(file);
  stream.pipe(req, { end: false });
  stream.on('end', () => req.end(tail));
});
clearInterval(sampler);
const seconds = (performance.now() - started) / 1000;
console.log(`100 MB upload: HTTP ${status} in ${seconds.toFixed(1)} s`);
console.log(
  `RSS before ${(before / 1048576).toFixed(0)} MB, peak ${(peak / 1048576).toFixed(0)} MB, growth ${((peak - before) / 1048576).toFixed(0)} MB (target < 64 MB; client and server share this process)`,
);
await server.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
