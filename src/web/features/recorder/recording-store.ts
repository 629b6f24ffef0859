/**
 * The browser's copy of each recording (IndexedDB), written as it is recorded and deleted once
 * the server has confirmed the saved transcription: what a crash or a closed tab leaves behind is
 * offered again on the next visit.
 */

const DATABASE_NAME = 'sonoscript-recordings';
const DATABASE_VERSION = 1;
const RECORDINGS = 'recordings';
/** Keyed by [recordingId, index], so one recording's audio is one key range, in order. */
const CHUNKS = 'chunks';

export interface StoredRecording {
  id: string;
  /** Whose recording it is: only that account is offered it again. */
  userId: string;
  /** Milliseconds since the epoch: the recording's name comes from it. */
  startedAt: number;
  sampleRate: number;
  /** Samples kept so far, over all chunks. */
  samples: number;
  /** The live preview's id, once it opened: a later save names it, as the one at stop would. */
  livePreview?: string;
}

interface StoredChunk {
  recordingId: string;
  index: number;
  samples: Float32Array;
}

let database: Promise<IDBDatabase> | null = null;

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined')
    return Promise.reject(new Error('This browser has no IndexedDB'));
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      const upgrading = request.result;
      if (!upgrading.objectStoreNames.contains(RECORDINGS))
        upgrading.createObjectStore(RECORDINGS, { keyPath: 'id' });
      if (!upgrading.objectStoreNames.contains(CHUNKS))
        upgrading.createObjectStore(CHUNKS, { keyPath: ['recordingId', 'index'] });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  }).catch((error: unknown) => {
    database = null;
    throw error;
  });
  return database;
}

const chunksOf = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

export async function createStoredRecording(recording: StoredRecording): Promise<void> {
  const transaction = (await openDatabase()).transaction(RECORDINGS, 'readwrite');
  transaction.objectStore(RECORDINGS).put(recording);
  await committed(transaction);
}

/** Adds one chunk and the recording's new length in one transaction: both are kept or neither. */
export async function appendStoredAudio(
  recording: StoredRecording,
  index: number,
  samples: Float32Array,
): Promise<void> {
  const transaction = (await openDatabase()).transaction([RECORDINGS, CHUNKS], 'readwrite');
  const chunk: StoredChunk = { recordingId: recording.id, index, samples };
  transaction.objectStore(CHUNKS).put(chunk);
  transaction.objectStore(RECORDINGS).put(recording);
  await committed(transaction);
}

export async function listStoredRecordings(userId: string): Promise<StoredRecording[]> {
  const transaction = (await openDatabase()).transaction(RECORDINGS, 'readonly');
  const all = await settled(
    transaction.objectStore(RECORDINGS).getAll() as IDBRequest<StoredRecording[]>,
  );
  return all.filter((recording) => recording.userId === userId);
}

/** The recording and all of its audio, or null when it is gone (saved or discarded meanwhile). */
export async function readStoredRecording(
  id: string,
): Promise<{ recording: StoredRecording; chunks: Float32Array[] } | null> {
  const transaction = (await openDatabase()).transaction([RECORDINGS, CHUNKS], 'readonly');
  const [recording, chunks] = await Promise.all([
    settled(transaction.objectStore(RECORDINGS).get(id) as IDBRequest<StoredRecording | undefined>),
    settled(transaction.objectStore(CHUNKS).getAll(chunksOf(id)) as IDBRequest<StoredChunk[]>),
  ]);
  if (!recording) return null;
  return { recording, chunks: chunks.map((chunk) => chunk.samples) };
}

export async function deleteStoredRecording(id: string): Promise<void> {
  const transaction = (await openDatabase()).transaction([RECORDINGS, CHUNKS], 'readwrite');
  transaction.objectStore(CHUNKS).delete(chunksOf(id));
  transaction.objectStore(RECORDINGS).delete(id);
  await committed(transaction);
}
