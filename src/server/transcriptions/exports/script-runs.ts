/** The kinds of writing a Word document needs a different font, or direction, for. */
export type ScriptKind = 'latin' | 'cjk' | 'rightToLeft' | 'devanagari' | 'emoji';

export interface ScriptRun {
  text: string;
  script: ScriptKind;
}

const KINDS: [ScriptKind, RegExp][] = [
  ['emoji', /\p{Extended_Pictographic}/u],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f]/u],
  ['rightToLeft', /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u],
  ['devanagari', /\p{Script=Devanagari}/u],
];
/** Spaces, punctuation, digits, marks and joiners: they go with the text around them. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

function kindOf(character: string): ScriptKind | null {
  for (const [kind, pattern] of KINDS) if (pattern.test(character)) return kind;
  return SHARED.test(character) ? null : 'latin';
}

/**
 * The text split into runs of one kind of script; shared characters (spaces, punctuation,
 * digits) join the run before them, or the first run when the text starts with them.
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let pending = '';
  for (const character of text) {
    const kind = kindOf(character);
    const last = runs.at(-1);
    if (kind === null || kind === last?.script) {
      if (last) last.text += character;
      else pending += character;
    } else {
      runs.push({ text: pending + character, script: kind });
      pending = '';
    }
  }
  if (pending !== '') runs.push({ text: pending, script: 'latin' });
  return runs;
}
