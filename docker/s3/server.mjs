// s3rver on S3_ADDRESS:S3_PORT with the bucket S3_BUCKET, objects in /data, and one access key:
// S3_ACCESS_KEY / S3_SECRET_KEY instead of s3rver's built-in test key. `--check`: the health check.
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';

const address = process.env.S3_ADDRESS || '127.0.0.1';
const port = Number(process.env.S3_PORT || 9000);

if (process.argv.includes('--check')) {
  // Any answer means the server is up: an anonymous request is refused with 403.
  fetch(`http://${address}:${port}/`, { signal: AbortSignal.timeout(4000) }).then(
    () => process.exit(0),
    () => process.exit(1),
  );
} else {
  const { S3_ACCESS_KEY, S3_SECRET_KEY } = process.env;
  if (!S3_ACCESS_KEY || !S3_SECRET_KEY) {
    console.error('S3_ACCESS_KEY and S3_SECRET_KEY must be set');
    process.exit(2);
  }
  AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
  AWSAccount.DUMMY_ACCOUNT.createKeyPair(S3_ACCESS_KEY, S3_SECRET_KEY);
  const server = new S3rver({
    address,
    port,
    silent: true,
    directory: '/data',
    configureBuckets: [{ name: process.env.S3_BUCKET || 'sonoscript' }],
  });
  server.run().then(
    () => console.log(`S3-compatible storage on http://${address}:${port}`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
