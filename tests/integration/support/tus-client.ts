import net from 'node:net';
import * as tus from 'tus-js-client';

export interface TusResult {
  /** The upload's URL, as the server's Location named it. */
  url: string;
  /** X-Transcription-Id of the PATCH that completed the upload. */
  transcriptionId: string;
  /** Upload-Offset of every HEAD the client sent: where it resumed. */
  resumedAt: number[];
}

export interface TusUploadOptions {
  endpoint: string;
  headers: Record<string, string>;
  metadata?: Record<string, string>;
  /** Resume this upload (another process's URL for the same upload, say). */
  uploadUrl?: string;
  /** Stop after this many bytes were acknowledged, leaving the upload unfinished. */
  stopAfterBytes?: number;
  /** 0: fail at the first broken request instead of retrying. */
  retries?: 0;
  /** Told the upload's URL once the server created it. */
  onUrl?: (url: string) => void;
}

/** The real tus-js-client (its Node build) sending `bytes`, retrying at once after a failure. */
export function tusUpload(bytes: Buffer, options: TusUploadOptions): Promise<TusResult> {
  const resumedAt: number[] = [];
  let transcriptionId = '';
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: options.endpoint,
      uploadUrl: options.uploadUrl ?? null,
      headers: options.headers,
      metadata: options.metadata ?? {},
      retryDelays: options.retries === 0 ? [] : [0, 200, 500, 1000, 2000],
      onUploadUrlAvailable: () => options.onUrl?.(upload.url ?? ''),
      chunkSize: options.stopAfterBytes ?? Infinity,
      onAfterResponse: (request, response) => {
        if (request.getMethod() === 'HEAD')
          resumedAt.push(Number(response.getHeader('Upload-Offset')));
        const id = response.getHeader('X-Transcription-Id');
        if (id) transcriptionId = id;
      },
      onChunkComplete: (_chunk, accepted) => {
        if (options.stopAfterBytes !== undefined && accepted >= options.stopAfterBytes) {
          void upload
            .abort()
            .then(() => resolve({ url: upload.url ?? '', transcriptionId, resumedAt }));
        }
      },
      onSuccess: () => resolve({ url: upload.url ?? '', transcriptionId, resumedAt }),
      onError: reject,
    });
    upload.start();
  });
}

/** Answers a tus request's refusal: its status and the `{ message }` the server sent. */
export function refusalOf(error: unknown): { status: number; message: string } {
  if (!(error instanceof tus.DetailedError) || !error.originalResponse)
    throw new Error(`not a refused request: ${String(error)}`);
  const body = error.originalResponse.getBody();
  return {
    status: error.originalResponse.getStatus(),
    message: (JSON.parse(body) as { message: string }).message,
  };
}

export interface CuttingProxy {
  url: string;
  /** Bytes the proxy passed to the server before it cut the connection. */
  cutAfter: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of `target` that cuts the client's connection once, mid-body, after
 * `cutAfter` bytes went up it: a laptop lid closing, a hotel Wi-Fi dropping.
 */
export async function startCuttingProxy(target: string, cutAfter: number): Promise<CuttingProxy> {
  const { hostname, port } = new URL(target);
  let cut = false;
  let sentUp = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (!cut && sentUp + chunk.length > cutAfter) {
        cut = true;
        upstream.write(chunk.subarray(0, cutAfter - sentUp));
        sentUp = cutAfter;
        client.destroy();
        upstream.destroy();
        return;
      }
      if (!cut) sentUp += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    cutAfter,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
