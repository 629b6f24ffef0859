/**
 * The whisper.cpp model file ("ggml" format, not GGUF), as whisper.cpp 1.9's loader reads it:
 * magic, 11 int32 hyperparameters, the mel filter bank, the vocabulary, then tensors, each a
 * header (dims, name length, type, sizes, name) followed by its data. Everything little-endian.
 */
export const GGML_MAGIC = 0x67676d6c;
export const HPARAM_NAMES = [
  'nVocab',
  'nAudioCtx',
  'nAudioState',
  'nAudioHead',
  'nAudioLayer',
  'nTextCtx',
  'nTextState',
  'nTextHead',
  'nTextLayer',
  'nMels',
  'ftype',
] as const;

export type WhisperHyperparameters = Record<(typeof HPARAM_NAMES)[number], number>;

/** English-only models have 51864 tokens; multilingual ones 51865 (51866 for large-v3). */
export const ENGLISH_ONLY_VOCAB = 51864;
/** Whisper's file type is stored times this factor plus the quantisation version. */
export const QUANTISATION_VERSION_FACTOR = 1000;

/** ggml tensor types that can hold whisper weights: bytes per block and values per block. */
export const GGML_TYPES: ReadonlyMap<
  number,
  { name: string; blockBytes: number; blockSize: number }
> = new Map([
  [0, { name: 'f32', blockBytes: 4, blockSize: 1 }],
  [1, { name: 'f16', blockBytes: 2, blockSize: 1 }],
  [2, { name: 'q4_0', blockBytes: 18, blockSize: 32 }],
  [3, { name: 'q4_1', blockBytes: 20, blockSize: 32 }],
  [6, { name: 'q5_0', blockBytes: 22, blockSize: 32 }],
  [7, { name: 'q5_1', blockBytes: 24, blockSize: 32 }],
  [8, { name: 'q8_0', blockBytes: 34, blockSize: 32 }],
  [10, { name: 'q2_k', blockBytes: 84, blockSize: 256 }],
  [11, { name: 'q3_k', blockBytes: 110, blockSize: 256 }],
  [12, { name: 'q4_k', blockBytes: 144, blockSize: 256 }],
  [13, { name: 'q5_k', blockBytes: 176, blockSize: 256 }],
  [14, { name: 'q6_k', blockBytes: 210, blockSize: 256 }],
  [30, { name: 'bf16', blockBytes: 2, blockSize: 1 }],
]);

/** ggml's file types (the model's `ftype`) and the tensor type of the big weight matrices. */
const FILE_TYPE_TO_WEIGHT_TYPE: ReadonlyMap<number, number> = new Map([
  [0, 0],
  [1, 1],
  [2, 2],
  [3, 3],
  [7, 8],
  [8, 6],
  [9, 7],
  [10, 10],
  [11, 11],
  [12, 12],
  [13, 13],
  [14, 14],
  [24, 30],
]);

export function weightTypeOfFileType(ftype: number): number | undefined {
  return FILE_TYPE_TO_WEIGHT_TYPE.get(ftype % QUANTISATION_VERSION_FACTOR);
}

export interface ExpectedTensor {
  name: string;
  /** ggml order (fastest-varying first), as the file stores it. */
  shape: number[];
  type: number;
}

/** Every tensor whisper.cpp's loader creates for these hyperparameters, with shape and type. */
export function expectedTensors(hparams: WhisperHyperparameters): ExpectedTensor[] {
  const weightType = weightTypeOfFileType(hparams.ftype) ?? 1;
  const convType = weightType === 0 ? 0 : 1;
  const state = hparams.nAudioState;
  const tensors: ExpectedTensor[] = [];
  const f32 = (name: string, ...shape: number[]) => tensors.push({ name, shape, type: 0 });
  const weight = (name: string, ...shape: number[]) =>
    tensors.push({ name, shape, type: weightType });

  f32('encoder.positional_embedding', state, hparams.nAudioCtx);
  tensors.push({ name: 'encoder.conv1.weight', shape: [3, hparams.nMels, state], type: convType });
  f32('encoder.conv1.bias', 1, state);
  tensors.push({ name: 'encoder.conv2.weight', shape: [3, state, state], type: convType });
  f32('encoder.conv2.bias', 1, state);
  f32('encoder.ln_post.weight', state);
  f32('encoder.ln_post.bias', state);
  for (let layer = 0; layer < hparams.nAudioLayer; layer += 1) {
    addBlock(`encoder.blocks.${layer}`, state, f32, weight, false);
  }

  const textState = hparams.nTextState;
  f32('decoder.positional_embedding', textState, hparams.nTextCtx);
  weight('decoder.token_embedding.weight', textState, hparams.nVocab);
  f32('decoder.ln.weight', textState);
  f32('decoder.ln.bias', textState);
  for (let layer = 0; layer < hparams.nTextLayer; layer += 1) {
    addBlock(`decoder.blocks.${layer}`, textState, f32, weight, true);
  }
  return tensors;
}

type AddTensor = (name: string, ...shape: number[]) => void;

function addBlock(
  prefix: string,
  state: number,
  f32: AddTensor,
  weight: AddTensor,
  crossAttention: boolean,
): void {
  f32(`${prefix}.mlp_ln.weight`, state);
  f32(`${prefix}.mlp_ln.bias`, state);
  weight(`${prefix}.mlp.0.weight`, state, 4 * state);
  f32(`${prefix}.mlp.0.bias`, 4 * state);
  weight(`${prefix}.mlp.2.weight`, 4 * state, state);
  f32(`${prefix}.mlp.2.bias`, state);
  addAttention(`${prefix}.attn`, `${prefix}.attn_ln`, state, f32, weight);
  if (crossAttention)
    addAttention(`${prefix}.cross_attn`, `${prefix}.cross_attn_ln`, state, f32, weight);
}

function addAttention(
  prefix: string,
  normPrefix: string,
  state: number,
  f32: AddTensor,
  weight: AddTensor,
): void {
  f32(`${normPrefix}.weight`, state);
  f32(`${normPrefix}.bias`, state);
  weight(`${prefix}.query.weight`, state, state);
  f32(`${prefix}.query.bias`, state);
  weight(`${prefix}.key.weight`, state, state);
  weight(`${prefix}.value.weight`, state, state);
  f32(`${prefix}.value.bias`, state);
  weight(`${prefix}.out.weight`, state, state);
  f32(`${prefix}.out.bias`, state);
}

export function tensorDataBytes(shape: readonly number[], type: number): number {
  const info = GGML_TYPES.get(type);
  if (!info) throw new RangeError(`unknown ggml type ${type}`);
  const elements = shape.reduce((product, size) => product * size, 1);
  return (elements / info.blockSize) * info.blockBytes;
}
