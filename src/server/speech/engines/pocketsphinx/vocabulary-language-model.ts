/**
 * The custom vocabulary's own language model: its words, equally likely, in a unigram model that
 * the decoder interpolates with its n-gram model (PocketSphinxDecoder.learnWords).
 */

/** A unigram language model, in ARPA text, giving each word an equal share. */
export function unigramArpa(words: readonly string[]): string {
  const logProbability = Math.log10(1 / words.length).toFixed(6);
  return [
    '\\data\\',
    `ngram 1=${words.length}`,
    '',
    '\\1-grams:',
    ...words.map((word) => `${logProbability} ${word}`),
    '',
    '\\end\\',
    '',
  ].join('\n');
}

/**
 * The interpolation weight λ that gives each of `count` equally likely words the probability
 * `probability`, as the decoder scores it: the set adds λ to the word model's score, which is
 * already scaled by the language weight, so λ · (1/count)^lw = probability^lw.
 */
export function vocabularyInterpolation(
  probability: number,
  count: number,
  languageWeight: number,
): number {
  return Math.min(0.5, (probability * count) ** languageWeight);
}
