import bidiModule, { type Bidi } from 'bidi-js';

// bidi-js's types describe an ES default export, but Node loads its CommonJS build, whose
// module.exports is the factory itself; TypeScript sees one or the other by module resolution.
const bidiFactory: () => Bidi =
  typeof bidiModule === 'function'
    ? bidiModule
    : (bidiModule as unknown as { default: () => Bidi }).default;

export const bidi = bidiFactory();

/** Right to left when the first letter with a direction is Hebrew, Arabic or the like. */
export function textDirection(text: string): 'ltr' | 'rtl' {
  const paragraph = bidi.getEmbeddingLevels(text).paragraphs[0];
  return paragraph && paragraph.level % 2 === 1 ? 'rtl' : 'ltr';
}
