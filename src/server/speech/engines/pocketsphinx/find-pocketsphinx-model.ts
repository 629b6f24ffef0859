import { existsSync } from 'node:fs';
import path from 'node:path';
import { SpeechEngineError } from '../speech-engine-error.js';
import { INSTALL_HINT } from './pocketsphinx-library.js';

export interface PocketSphinxModel {
  acousticModel: string;
  languageModel: string;
  dictionary: string;
}

/** Where Debian's pocketsphinx-en-us puts the model, then where a source build puts it. */
export const MODEL_DIRECTORY_CANDIDATES = [
  '/usr/share/pocketsphinx/model/en-us',
  '/usr/local/share/pocketsphinx/model/en-us',
];

function modelIn(directory: string): PocketSphinxModel | undefined {
  const model = {
    acousticModel: path.join(directory, 'en-us'),
    languageModel: path.join(directory, 'en-us.lm.bin'),
    dictionary: path.join(directory, 'cmudict-en-us.dict'),
  };
  const complete =
    existsSync(path.join(model.acousticModel, 'mdef')) &&
    existsSync(model.languageModel) &&
    existsSync(model.dictionary);
  return complete ? model : undefined;
}

/** Finds the US English model: acoustic model folder, language model and dictionary. */
export function findPocketSphinxModel(directory?: string): PocketSphinxModel {
  const candidates = directory ? [directory] : MODEL_DIRECTORY_CANDIDATES;
  for (const candidate of candidates) {
    const model = modelIn(candidate);
    if (model) return model;
  }
  throw new SpeechEngineError(
    `PocketSphinx's US English model was not found in ${candidates.join(' or ')}: ${INSTALL_HINT}`,
  );
}
