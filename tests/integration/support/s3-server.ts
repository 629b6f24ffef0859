import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The access key s3rver accepts; the app reads it the AWS way, from the environment. */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The environment an app or worker needs to keep its audio in this server's bucket. */
  env(prefix?: string): Record<string, string>;
  /** Every key in the bucket now. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free port, with one empty bucket, files in a temp folder. */
export async function startS3Server(bucket = 'sonoscript-audio'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'sonoscript-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      ...S3_CREDENTIALS,
    }),
    async keys() {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (listed.Contents ?? []).map((object) => object.Key ?? '');
      } finally {
        client.destroy();
      }
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
