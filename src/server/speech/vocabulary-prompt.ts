/**
 * Whisper hears a custom vocabulary through its initial prompt. whisper.cpp keeps at most
 * n_text_ctx/2 = 224 tokens of prompt, and the previous window's text shares them (it carries the
 * recording's context across windows), so the vocabulary gets a bounded share: about 100 tokens.
 * Terms go in the order given (the upload's own first, then the account's); a term that does not
 * fit ends the list, and the rest are left out (docs/decisions/0057).
 */
export const VOCABULARY_PROMPT_TOKENS = 100;

/**
 * Whisper's byte-pair tokens for a term, estimated from above: common English words are one token
 * of about four characters, but names and jargon, the point of a vocabulary, split into pieces of
 * two or three. The separator ", " is one more.
 */
export function estimatedWhisperTokens(term: string): number {
  return Math.ceil(term.length / 3) + 1;
}

/** The prompt whisper reads for these terms, within the budget; undefined when there are none. */
export function vocabularyPrompt(
  terms: readonly string[] | undefined,
  budgetTokens = VOCABULARY_PROMPT_TOKENS,
): string | undefined {
  const kept: string[] = [];
  let tokens = 0;
  for (const term of terms ?? []) {
    tokens += estimatedWhisperTokens(term);
    if (tokens > budgetTokens) break;
    kept.push(term);
  }
  return kept.length > 0 ? `${kept.join(', ')}.` : undefined;
}
