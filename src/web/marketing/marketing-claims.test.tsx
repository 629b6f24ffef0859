import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ACCEPTED_AUDIO_FORMATS } from '../../core/audio-formats';
import { PLANS } from '../../core/plans';
import LandingPage from './landing-page';
import { PUBLIC_PAGES } from './public-pages';

/**
 * Features the product has. A page may announce what is still to come (show notes, live chat),
 * but never one of these as missing, planned or "coming".
 */
const BUILT_FEATURES =
  /speaker|editor|editing|docx|\bword\b|pdf|subtitle|srt|vtt|markdown|export|download|search|shar(e|ing)|timestamp|noise|noisy|language|vocabulary/i;
const NOT_YET =
  /coming soon|coming to|on (our|the) roadmap|on the way|planned|until it arrives|not yet (available|supported)/i;
const LABELS = ACCEPTED_AUDIO_FORMATS.map((format) => format.label);

/** The page's text in pieces, one per element, so a badge stays beside its card's title. */
function textPieces(html: string): string[] {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .split(/<[^>]+>/)
    .map((piece) =>
      piece
        .replaceAll('&#x27;', "'")
        .replaceAll('&amp;', '&')
        .replaceAll('&quot;', '"')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((piece) => piece !== '');
}

/** "Today: search the transcript for them." names what to use meanwhile, which is built. */
function withoutWorkarounds(text: string): string {
  return text
    .split(/(?<=\.)\s+/)
    .filter((sentence) => !/^(today|until then)\b/i.test(sentence))
    .join(' ');
}

async function renderedPages(): Promise<Array<[string, string[]]>> {
  const pages: Array<[string, ComponentType]> = [['/', LandingPage]];
  for (const page of PUBLIC_PAGES) pages.push([page.path, (await page.load()).default]);
  return pages.map(([path, Page]) => [
    path,
    textPieces(
      renderToString(
        <Router ssrPath={path}>
          <Page />
        </Router>,
      ),
    ),
  ]);
}

/** Each place a page names three or more formats in a row: "MP3, WAV, M4A…". */
function formatLists(text: string): string[][] {
  const label = `(?:${LABELS.join('|')})`;
  const run = new RegExp(
    `\\b${label}(?:(?:,\\s*|\\s+(?:or|and)\\s+|,\\s*(?:or|and)\\s+)${label}\\b)+`,
    'g',
  );
  return [...text.matchAll(run)]
    .map((match) => match[0].split(/,\s*|\s+(?:or|and)\s+/).map((item) => item.trim()))
    .filter((list) => list.length >= 3);
}

describe('what the public pages claim', () => {
  it('never calls a feature the product has "coming", "planned" or "on the roadmap"', async () => {
    const stale: string[] = [];
    for (const [path, pieces] of await renderedPages()) {
      pieces.forEach((piece, index) => {
        if (!NOT_YET.test(piece)) return;
        // A badge ("Coming soon") speaks of its card's title; a sentence of its own text.
        const isBadge = piece.length < 30;
        const claim = isBadge ? `${pieces[index - 1] ?? ''} | ${piece}` : withoutWorkarounds(piece);
        if (BUILT_FEATURES.test(claim)) stale.push(`${path}: ${claim}`);
      });
    }
    expect(stale).toEqual([]);
  });

  it('lists every accepted format wherever formats are listed, from the one list', async () => {
    const lists: Array<[string, string[]]> = [];
    for (const [path, pieces] of await renderedPages()) {
      for (const list of formatLists(pieces.join(' '))) lists.push([path, list]);
    }
    expect(lists.length).toBeGreaterThan(3);
    for (const [path, list] of lists)
      expect([path, [...list].sort()]).toEqual([path, [...LABELS].sort()]);
  });

  it('promises on the plan cards only what each plan gets', () => {
    const claims = [...PLANS.free.features, ...PLANS.pro.features].join(' | ');
    expect(claims).not.toMatch(/plain-text download|high-quality/i);
    expect(PLANS.free.features.join(' ')).toMatch(/DOCX, PDF/);
  });
});
