import type { Vocabulary } from '../../../core/api/vocabulary';
import { apiRequest } from '../../lib/api-client';

export const VOCABULARY_KEY = ['/api/vocabulary'] as const;

/** Replaces the saved vocabulary; answers what the server kept (trimmed, each term once). */
export async function saveVocabulary(terms: readonly string[]): Promise<Vocabulary> {
  const response = await apiRequest('PUT', '/api/vocabulary', { terms });
  return (await response.json()) as Vocabulary;
}

/** Adds terms after the saved ones, reading the saved list first so none is lost. */
export async function addToVocabulary(terms: readonly string[]): Promise<Vocabulary> {
  const response = await apiRequest('GET', '/api/vocabulary');
  const saved = (await response.json()) as Vocabulary;
  return saveVocabulary([...saved.terms, ...terms]);
}
