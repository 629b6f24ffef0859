/**
 * Whisper's languages (whisper.cpp's g_lang, in its order: most training data first): ISO 639
 * code -> the lower-case name whisper and OpenAI's API report. Shared by the server, which checks
 * and stores codes, and the web app, which shows names.
 */
export const WHISPER_LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'english',
  zh: 'chinese',
  de: 'german',
  es: 'spanish',
  ru: 'russian',
  ko: 'korean',
  fr: 'french',
  ja: 'japanese',
  pt: 'portuguese',
  tr: 'turkish',
  pl: 'polish',
  ca: 'catalan',
  nl: 'dutch',
  ar: 'arabic',
  sv: 'swedish',
  it: 'italian',
  id: 'indonesian',
  hi: 'hindi',
  fi: 'finnish',
  vi: 'vietnamese',
  he: 'hebrew',
  uk: 'ukrainian',
  el: 'greek',
  ms: 'malay',
  cs: 'czech',
  ro: 'romanian',
  da: 'danish',
  hu: 'hungarian',
  ta: 'tamil',
  no: 'norwegian',
  th: 'thai',
  ur: 'urdu',
  hr: 'croatian',
  bg: 'bulgarian',
  lt: 'lithuanian',
  la: 'latin',
  mi: 'maori',
  ml: 'malayalam',
  cy: 'welsh',
  sk: 'slovak',
  te: 'telugu',
  fa: 'persian',
  lv: 'latvian',
  bn: 'bengali',
  sr: 'serbian',
  az: 'azerbaijani',
  sl: 'slovenian',
  kn: 'kannada',
  et: 'estonian',
  mk: 'macedonian',
  br: 'breton',
  eu: 'basque',
  is: 'icelandic',
  hy: 'armenian',
  ne: 'nepali',
  mn: 'mongolian',
  bs: 'bosnian',
  kk: 'kazakh',
  sq: 'albanian',
  sw: 'swahili',
  gl: 'galician',
  mr: 'marathi',
  pa: 'punjabi',
  si: 'sinhala',
  km: 'khmer',
  sn: 'shona',
  yo: 'yoruba',
  so: 'somali',
  af: 'afrikaans',
  oc: 'occitan',
  ka: 'georgian',
  be: 'belarusian',
  tg: 'tajik',
  sd: 'sindhi',
  gu: 'gujarati',
  am: 'amharic',
  yi: 'yiddish',
  lo: 'lao',
  uz: 'uzbek',
  fo: 'faroese',
  ht: 'haitian creole',
  ps: 'pashto',
  tk: 'turkmen',
  nn: 'nynorsk',
  mt: 'maltese',
  sa: 'sanskrit',
  lb: 'luxembourgish',
  my: 'myanmar',
  bo: 'tibetan',
  tl: 'tagalog',
  mg: 'malagasy',
  as: 'assamese',
  tt: 'tatar',
  haw: 'hawaiian',
  ln: 'lingala',
  ha: 'hausa',
  ba: 'bashkir',
  jw: 'javanese',
  su: 'sundanese',
  yue: 'cantonese',
};

/** Every code whisper knows, in whisper's order. */
export const WHISPER_LANGUAGE_CODES: readonly string[] = Object.keys(WHISPER_LANGUAGE_NAMES);

/** The form field's value that lets the engine detect the language. */
export const AUTO_LANGUAGE = 'auto';

export const SPEECH_TASKS = ['transcribe', 'translate'] as const;
export type SpeechTask = (typeof SPEECH_TASKS)[number];

export const isLanguageCode = (code: string): boolean =>
  Object.hasOwn(WHISPER_LANGUAGE_NAMES, code);

/** Names people read: `de` -> `German`, `ht` -> `Haitian Creole`; the code itself when unknown. */
export function languageName(code: string): string {
  const name = WHISPER_LANGUAGE_NAMES[code.toLowerCase()];
  if (!name) return code;
  return name.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());
}
