import { TextRun, type IRunOptions } from 'docx';
import { scriptRuns, type ScriptKind } from './script-runs.js';

type EastAsianLanguage = 'zh-CN' | 'ja-JP' | 'ko-KR';

/**
 * Fonts Word and LibreOffice find on Windows, macOS or Linux, or else replace by their own
 * fallback; the documents embed none (see decision 0055).
 */
const EAST_ASIAN_FONTS: Record<EastAsianLanguage, string> = {
  'zh-CN': 'Microsoft YaHei',
  'ja-JP': 'Yu Gothic',
  'ko-KR': 'Malgun Gothic',
};

/** Which East Asian language the paragraph is in: kana say Japanese, Hangul Korean. */
export function eastAsianLanguage(text: string): EastAsianLanguage {
  if (/\p{Script=Hangul}/u.test(text)) return 'ko-KR';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja-JP';
  return 'zh-CN';
}

function runOptions(script: ScriptKind, language: EastAsianLanguage): Partial<IRunOptions> {
  switch (script) {
    case 'cjk': {
      const font = EAST_ASIAN_FONTS[language];
      return {
        font: { ascii: font, hAnsi: font, eastAsia: font, cs: font, hint: 'eastAsia' },
        language: { value: language, eastAsia: language },
      };
    }
    case 'rightToLeft':
      // w:rtl: Word lays the run out right to left and shapes it with the complex-script font.
      return { font: { ascii: 'Arial', hAnsi: 'Arial', cs: 'Arial' }, rightToLeft: true };
    case 'devanagari':
      return { font: { ascii: 'Nirmala UI', hAnsi: 'Nirmala UI', cs: 'Nirmala UI' } };
    case 'emoji':
      return { font: { ascii: 'Segoe UI Emoji', hAnsi: 'Segoe UI Emoji', cs: 'Segoe UI Emoji' } };
    case 'latin':
      return {};
  }
}

/** The text as Word runs, one per script, each naming fonts that hold its characters. */
export function docxTextRuns(text: string, style: Partial<IRunOptions> = {}): TextRun[] {
  const language = eastAsianLanguage(text);
  return scriptRuns(text).map(
    (run) => new TextRun({ ...style, ...runOptions(run.script, language), text: run.text }),
  );
}
