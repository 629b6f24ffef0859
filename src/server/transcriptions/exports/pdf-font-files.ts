/**
 * The fonts a PDF may embed (as subsets), from Debian's packages that `npm start` installs, in the
 * order a character tries them. Lean on purpose: about 7.5 MB on disk for every script the
 * transcripts hold (Noto's CJK package alone is 91 MB).
 */
export interface PdfFontFile {
  /** The name a document registers the font under. */
  name: string;
  path: string;
  /** Its bold face, where the family has one (others are shown regular in bold places). */
  boldPath?: string;
  /** Tried first for emoji and pictographs. */
  forEmoji?: boolean;
}

export const PDF_FONT_FILES: readonly PdfFontFile[] = [
  {
    // fonts-dejavu-core: Latin, Greek, Cyrillic, Hebrew, Arabic and Persian.
    name: 'DejaVuSans',
    path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    boldPath: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  },
  // fonts-lohit-deva: Devanagari (Hindi, Marathi, Nepali), with its conjuncts.
  {
    name: 'LohitDevanagari',
    path: '/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf',
  },
  // fonts-droid-fallback: Chinese, Japanese and Korean in one 3.4 MB file.
  {
    name: 'DroidSansFallback',
    path: '/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf',
  },
  // fonts-symbola: monochrome emoji (PDF readers cannot draw colour bitmap fonts) and symbols.
  {
    name: 'Symbola',
    path: '/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf',
    forEmoji: true,
  },
];
