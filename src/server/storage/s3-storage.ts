import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  assertSafePrefix,
  type FetchedObject,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.js';

export interface S3Location {
  bucket: string;
  /** Prepended to every key, without a leading slash; empty or ending in "/". */
  prefix: string;
  /** For S3-compatible servers (MinIO, Ceph, s3rver); unset means AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_SSE: sent with every upload, so the bucket encrypts too (besides our own encryption). */
  serverSideEncryption?: 'AES256' | 'aws:kms' | 'aws:kms:dsse' | undefined;
}

/** 8 MiB parts, two at a time: a 100 MB upload never holds more than 16 MiB in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export function createS3Storage(location: S3Location): ObjectStorage {
  const client = new S3Client({
    region: location.region,
    ...(location.credentials ? { credentials: location.credentials } : {}),
    ...(location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}),
    // S3-compatible servers differ in the optional checksums they understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;

  function objectKey(key: string): string {
    assertSafeKey(key);
    return `${location.prefix}${key}`;
  }

  async function getBody(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const answer = await client.send(
      new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(answer.Body instanceof Readable)) throw new Error(`S3 sent no body for ${key}`);
    return answer.Body;
  }

  return {
    async putFile(key, sourcePath) {
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: objectKey(key),
          Body: createReadStream(sourcePath),
          ...(location.serverSideEncryption
            ? { ServerSideEncryption: location.serverSideEncryption }
            : {}),
        },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
      });
      await upload.done();
      await rm(sourcePath, { force: true });
    },
    async fetch(key, workDir): Promise<FetchedObject> {
      const copyPath = path.join(workDir, key);
      try {
        await pipeline(await getBody(key), createWriteStream(copyPath));
      } catch (error) {
        await rm(copyPath, { force: true });
        throw error;
      }
      return { path: copyPath, release: () => rm(copyPath, { force: true }) };
    },
    read: getBody,
    async size(key) {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      if (head.ContentLength === undefined) throw new Error(`S3 gave no size for ${key}`);
      return head.ContentLength;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async list(prefix) {
      const listed: StoredObject[] = [];
      assertSafePrefix(prefix);
      const Prefix = `${location.prefix}${prefix}`;
      const pages = paginateListObjectsV2({ client }, { Bucket, Prefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          listed.push({
            key: object.Key.slice(location.prefix.length),
            storedAt: object.LastModified,
          });
        }
      }
      return listed;
    },
  };
}
