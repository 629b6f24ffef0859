import path from 'node:path';

/**
 * Downloaded in the background when no model is present, with its English-only twin
 * (`englishModelOf`): the largest size that keeps a 10-minute file under 3 minutes on 2 cores
 * (docs/decisions/0014); multilingual for every language, the twin for English (0053).
 */
export const DEFAULT_WHISPER_MODEL = 'base';

/** Sizes published both multilingual and English-only: `base` -> `base.en`. */
const ENGLISH_TWINS: Readonly<Record<string, string>> = {
  tiny: 'tiny.en',
  base: 'base.en',
  small: 'small.en',
  medium: 'medium.en',
};

/** The English-only model of a multilingual model's size, when one is published. */
export const englishModelOf = (name: string): string | undefined =>
  Object.hasOwn(ENGLISH_TWINS, name) ? ENGLISH_TWINS[name] : undefined;

/** Where whisper.cpp's own download script fetches converted models from. */
export const DEFAULT_MODELS_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

/**
 * SHA-1 of the model files, as published in whisper.cpp's models/README.md (the copy shipped in
 * the nodejs-whisper package, whisper.cpp 1.9.1). Other names are checked against the SHA-256
 * that Hugging Face publishes with each file (its `X-Linked-Etag` header).
 */
export const KNOWN_MODEL_SHA1: Readonly<Record<string, string>> = {
  tiny: 'bd577a113a864445d4c299885e0cb97d4ba92b5f',
  'tiny.en': 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df',
  base: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
  'base.en': '137c40403d78fd54d454da0f9bd998f78703390c',
  small: '55356645c2b361a969dfd0ef2c5a50d530afd8d5',
  'small.en': 'db8a495a91d927739e50b3fc1cc4c6b8f6c2d022',
  'small.en-tdrz': 'b6c6e7e89af1a35c08e6de56b66ca6a02a2fdfa1',
  medium: 'fd9727b6e1217c2f614f9b698455c4ffd82463b4',
  'medium.en': '8c30f0e44ce9560643ebd10bbe50cd20eafd3723',
  'large-v1': 'b1caaf735c4cc1429223d5a74f0f4d0b9b59a299',
  'large-v2': '0f4c8e34f21cf1a914c59d8b3ce882345ad349d6',
  'large-v2-q5_0': '00e39f2196344e901b3a2bd5814807a769bd1630',
  'large-v3': 'ad82bf6a9043ceed055076d0fd39f5f186ff8062',
  'large-v3-q5_0': 'e6e2ed78495d403bef4b7cff42ef4aaadcfea8de',
  'large-v3-turbo': '4af2b29d7ec73d781377bfd1758ca957a807e941',
  'large-v3-turbo-q5_0': 'e050f7970618a659205450ad97eb95a18d69c9ee',
};

/** The names whisper.cpp's download-ggml-model.sh accepts (tdrz models live elsewhere). */
export const MODEL_NAMES: readonly string[] = [
  'tiny',
  'tiny.en',
  'tiny-q5_1',
  'tiny.en-q5_1',
  'tiny-q8_0',
  'base',
  'base.en',
  'base-q5_1',
  'base.en-q5_1',
  'base-q8_0',
  'small',
  'small.en',
  'small-q5_1',
  'small.en-q5_1',
  'small-q8_0',
  'medium',
  'medium.en',
  'medium-q5_0',
  'medium.en-q5_0',
  'medium-q8_0',
  'large-v1',
  'large-v2',
  'large-v2-q5_0',
  'large-v2-q8_0',
  'large-v3',
  'large-v3-q5_0',
  'large-v3-turbo',
  'large-v3-turbo-q5_0',
  'large-v3-turbo-q8_0',
];

/**
 * When several models are present and none is named, the first of these found is used (with its
 * English twin when that is there too).
 */
const PREFERENCE = ['base', 'base.en', 'small', 'small.en', 'tiny', 'tiny.en'];

export const isModelName = (name: string): boolean => MODEL_NAMES.includes(name);

export const modelFileName = (name: string): string => `ggml-${name}.bin`;

export function modelUrl(name: string, baseUrl: string = DEFAULT_MODELS_BASE_URL): string {
  return `${baseUrl.replace(/\/$/, '')}/${modelFileName(name)}`;
}

/** `ggml-base.en.bin` -> `base.en`; other file names keep their name without `.bin`. */
export function modelNameOfFile(filePath: string): string {
  const base = path.basename(filePath);
  const match = /^ggml-(.+)\.bin$/.exec(base);
  return match?.[1] ?? base.replace(/\.bin$/, '');
}

export const downloadCommand = (name: string): string => `npm run models:download -- ${name}`;

/** The command that fetches this file again, or an example when it is not a published model. */
export function fixCommandFor(filePath: string): string {
  const name = modelNameOfFile(filePath);
  return downloadCommand(isModelName(name) ? name : 'base.en');
}

/** Orders model files found in a folder: preferred names first, then by name. */
export function rankModelFiles(fileNames: readonly string[]): string[] {
  const rank = (fileName: string): number => {
    const index = PREFERENCE.indexOf(modelNameOfFile(fileName));
    return index < 0 ? PREFERENCE.length : index;
  };
  return [...fileNames].sort(
    (left, right) => rank(left) - rank(right) || left.localeCompare(right),
  );
}
