import { open, type FileHandle } from 'node:fs/promises';
import { EndOfFileError, FileCursor } from './file-cursor.js';
import {
  ENGLISH_ONLY_VOCAB,
  GGML_MAGIC,
  GGML_TYPES,
  HPARAM_NAMES,
  expectedTensors,
  tensorDataBytes,
  weightTypeOfFileType,
  type ExpectedTensor,
  type WhisperHyperparameters,
} from './ggml-model-format.js';
import { describeForeignFormat } from './describe-foreign-format.js';
import { WhisperModelError } from './whisper-model-error.js';

export interface WhisperModelInfo {
  path: string;
  sizeBytes: number;
  hparams: WhisperHyperparameters;
  multilingual: boolean;
  /** tiny, base, small, medium, large, or `custom` for other shapes (such as test models). */
  size: string;
  /** Type of the big weight matrices: f16, q5_0, ... */
  weightType: string;
}

const SIZE_BY_AUDIO_LAYERS: ReadonlyMap<number, string> = new Map([
  [4, 'tiny'],
  [6, 'base'],
  [12, 'small'],
  [24, 'medium'],
  [32, 'large'],
]);
const MAX_TOKEN_BYTES = 1024;

/**
 * Reads a whisper.cpp model file the way whisper.cpp's loader does, without loading the weights,
 * and refuses anything the native loader would crash on, half-load or quietly accept as an empty
 * model: a missing file, another format, a cut-off download, absurd sizes, missing tensors.
 */
export async function inspectWhisperModel(filePath: string): Promise<WhisperModelInfo> {
  let handle: FileHandle;
  try {
    handle = await open(filePath, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new WhisperModelError(
      'missing',
      filePath,
      code === 'ENOENT' ? 'no such file' : `cannot be read: ${code ?? String(error)}`,
    );
  }
  try {
    const { size } = await handle.stat();
    const cursor = new FileCursor(handle, size);
    try {
      return await readModel(cursor, filePath);
    } catch (error) {
      if (error instanceof EndOfFileError) {
        throw new WhisperModelError(
          'truncated',
          filePath,
          size === 0 ? 'the file is empty' : `it ends at byte ${size}, ${cursor.section}`,
        );
      }
      throw error;
    }
  } finally {
    await handle.close();
  }
}

async function readModel(cursor: FileCursor, filePath: string): Promise<WhisperModelInfo> {
  const corrupt = (detail: string) => new WhisperModelError('corrupt', filePath, detail);

  const head = await cursor.bytes(Math.min(4, cursor.size));
  if (head.length < 4 || head.readUInt32LE(0) !== GGML_MAGIC) {
    const sample = await readStart(cursor);
    if (sample.length < 4) throw new EndOfFileError('too short for a header');
    throw new WhisperModelError('wrong-format', filePath, describeForeignFormat(sample));
  }

  const hparams = await readHyperparameters(cursor);
  const problem = checkHyperparameters(hparams);
  if (problem) throw corrupt(problem);

  cursor.section = 'inside the mel filters';
  const filterMels = await cursor.int32();
  const filterBins = await cursor.int32();
  if (filterMels !== hparams.nMels || filterBins < 1 || filterBins > 1024) {
    throw corrupt(`mel filter bank ${filterMels}x${filterBins} does not fit ${hparams.nMels} mels`);
  }
  cursor.skip(filterMels * filterBins * 4);

  cursor.section = 'inside the vocabulary';
  const tokenCount = await cursor.int32();
  if (tokenCount < 0 || tokenCount > hparams.nVocab) {
    throw corrupt(`${tokenCount} vocabulary entries for a ${hparams.nVocab}-token model`);
  }
  for (let token = 0; token < tokenCount; token += 1) {
    const length = await cursor.uint32();
    if (length > MAX_TOKEN_BYTES) throw corrupt(`vocabulary entry ${token} is ${length} bytes`);
    cursor.skip(length);
  }

  await readTensors(cursor, expectedTensors(hparams), corrupt);
  if (cursor.remaining > 0) {
    throw corrupt(`${cursor.remaining} unexpected bytes after the last tensor`);
  }

  const weightType = weightTypeOfFileType(hparams.ftype) ?? 1;
  return {
    path: filePath,
    sizeBytes: cursor.size,
    hparams,
    multilingual: hparams.nVocab > ENGLISH_ONLY_VOCAB,
    size: SIZE_BY_AUDIO_LAYERS.get(hparams.nAudioLayer) ?? 'custom',
    weightType: GGML_TYPES.get(weightType)?.name ?? String(weightType),
  };
}

async function readStart(cursor: FileCursor): Promise<Buffer> {
  cursor.position = 0;
  return cursor.bytes(Math.min(64, cursor.size));
}

async function readHyperparameters(cursor: FileCursor): Promise<WhisperHyperparameters> {
  const values: Partial<WhisperHyperparameters> = {};
  for (const name of HPARAM_NAMES) values[name] = await cursor.int32();
  return values as WhisperHyperparameters;
}

/** Ranges wide enough for every published model, narrow enough to keep native code safe. */
function checkHyperparameters(h: WhisperHyperparameters): string | undefined {
  if (h.nVocab < ENGLISH_ONLY_VOCAB || h.nVocab > ENGLISH_ONLY_VOCAB + 100)
    return `vocabulary size ${h.nVocab} is not a whisper vocabulary`;
  if (h.nMels !== 80 && h.nMels !== 128) return `${h.nMels} mel bands (whisper uses 80 or 128)`;
  if (h.nAudioCtx < 1 || h.nAudioCtx > 1500) return `audio context ${h.nAudioCtx}`;
  if (h.nTextCtx < 2 || h.nTextCtx > 448) return `text context ${h.nTextCtx}`;
  if (h.nAudioState < 1 || h.nAudioState > 8192 || h.nTextState !== h.nAudioState)
    return `state sizes ${h.nAudioState}/${h.nTextState}`;
  for (const [heads, label] of [
    [h.nAudioHead, 'audio'],
    [h.nTextHead, 'text'],
  ] as const) {
    if (heads < 1 || h.nAudioState % heads !== 0) return `${heads} ${label} attention heads`;
  }
  if (h.nAudioLayer < 1 || h.nAudioLayer > 64 || h.nTextLayer < 1 || h.nTextLayer > 64)
    return `${h.nAudioLayer} audio and ${h.nTextLayer} text layers`;
  if (weightTypeOfFileType(h.ftype) === undefined) return `unsupported file type ${h.ftype}`;
  return undefined;
}

async function readTensors(
  cursor: FileCursor,
  expected: readonly ExpectedTensor[],
  corrupt: (detail: string) => WhisperModelError,
): Promise<void> {
  const byName = new Map(expected.map((tensor) => [tensor.name, tensor]));
  const seen = new Set<string>();
  while (seen.size < expected.length) {
    cursor.section = `after ${seen.size} of ${expected.length} tensors`;
    const dimensions = await cursor.int32();
    const nameLength = await cursor.int32();
    const type = await cursor.int32();
    if (dimensions < 1 || dimensions > 4 || nameLength < 1 || nameLength > 256) {
      throw corrupt(`a tensor header at byte ${cursor.position - 12} makes no sense`);
    }
    const shape: number[] = [];
    for (let index = 0; index < dimensions; index += 1) shape.push(await cursor.int32());
    const name = (await cursor.bytes(nameLength)).toString('latin1');
    const tensor = byName.get(name);
    if (!tensor) throw corrupt(`unknown tensor "${name}"`);
    if (seen.has(name)) throw corrupt(`tensor "${name}" appears twice`);
    if (!sameShape(shape, tensor.shape)) {
      throw corrupt(`tensor "${name}" has shape [${shape}], expected [${tensor.shape}]`);
    }
    if (type !== tensor.type) {
      throw corrupt(`tensor "${name}" has type ${type}, expected ${tensor.type}`);
    }
    cursor.section = `inside tensor "${name}" (${seen.size + 1} of ${expected.length})`;
    cursor.skip(tensorDataBytes(tensor.shape, tensor.type));
    seen.add(name);
  }
}

/** The loader compares the first three dimensions; missing ones count as 1. */
function sameShape(actual: readonly number[], expected: readonly number[]): boolean {
  for (let index = 0; index < 4; index += 1) {
    if ((actual[index] ?? 1) !== (expected[index] ?? 1)) return false;
  }
  return true;
}
