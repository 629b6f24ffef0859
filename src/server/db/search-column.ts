/**
 * Kana, CJK ideographs (and the iteration mark 々), Hangul syllables: a character class that
 * JavaScript's and PostgreSQL's regular expressions read alike.
 */
export const CJK_CLASS =
  '[\\u3005\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af]';

/**
 * The text a column holds as the search column indexes it:
 * - ASCII punctuation becomes spaces, so `Interview_2024-03.wav` or `Smith's` index as plain
 *   words, the same words the search route splits a query into;
 * - the accents of Latin, Greek and Cyrillic letters go (canonical decomposition, then the
 *   combining diacritics U+0300-U+036F dropped, then composed again): "café" is indexed as "cafe";
 * - runs of CJK characters, written without spaces, become their overlapping pairs of characters
 *   plus the run's first and last character alone: `東京都` is `東 東京 京都 都`, so any part of a
 *   run can be found (a query asks for its pairs; one character, as a prefix).
 * `search-folding.ts` treats queries and snippets the same way.
 */
export const searchableText = (column: string) =>
  `to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(normalize(regexp_replace(normalize(regexp_replace(coalesce(${column}, ''), '[!-/:-@\\[-\x60{-~]', ' ', 'g'), NFD), '[\\u0300-\\u036f]', '', 'g'), NFC), '(${CJK_CLASS}+)', ' \\1 ', 'g'), '(${CJK_CLASS})', '\\1 \\1', 'g'))`;
