import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

let axeSource: Promise<string> | undefined;

/**
 * axe-core's serious and critical violations on the page as it is now, one line each. axe is
 * evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
 * govern: the policy the server sends stays the production one (decision 0070).
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFile('node_modules/axe-core/axe.min.js', 'utf8');
  const source = await axeSource;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: AxeRunner }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
            .map((node) => node.target.join(' '))
            .join(', ')}`,
      );
  });
}

interface AxeRunner {
  run(
    context: Document,
    options: object,
  ): Promise<{
    violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  }>;
}

export interface TabStop {
  /** Tag, accessible name or text, for the failure message. */
  label: string;
  /** The focus indicator's contrast against what lies around it: at least 3 to be seen (WCAG 1.4.11). */
  ringContrast: number;
  ringWidth: number;
  /** The element is on screen once focused, at least 8 px each way (not a hidden control). */
  onScreen: boolean;
}

/**
 * Presses Tab from the top of a freshly loaded page until focus comes round again or leaves the
 * document, and measures each element it stops on: the outline's width, and its contrast against
 * the backgrounds behind the element (each colour of a gradient), as the ring is drawn outside it.
 */
export async function tabThroughPage(page: Page, limit = 150): Promise<TabStop[]> {
  const stops: TabStop[] = [];
  let first: string | undefined;
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(measureFocusedElement);
    if (stop === null || stop.label === first) break;
    first ??= stop.label;
    stops.push(stop);
  }
  return stops;
}

/** Runs in the page: the focused element's ring, or null when focus left the document. */
function measureFocusedElement(): TabStop | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!canvas) throw new Error('no 2d canvas');
  /** Any CSS colour (oklch included) as RGBA 0-255, through the canvas. */
  const rgba = (color: string): [number, number, number, number] => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = '#000';
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top: number[], bottom: number[]) =>
    [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (bottom[i] ?? 0) * (1 - (top[3] ?? 1)));
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: number[], b: number[]) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  };

  // The layers behind the element, nearest first; a gradient counts with each of its colours.
  const layers: string[][] = [];
  for (let node = element.parentElement; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    const gradient = style.backgroundImage.match(
      /(?:rgba?|oklch|oklab|hsla?)\([^)]*\)|#[0-9a-f]{3,8}/gi,
    );
    layers.push([style.backgroundColor, ...(gradient ?? [])]);
  }
  // Composite from the white canvas upwards, for every choice of gradient colour.
  let behind: number[][] = [[255, 255, 255]];
  for (const layer of layers.reverse()) {
    const [color, ...stops] = layer;
    behind = behind.flatMap((below) => {
      const withColor = over(rgba(color ?? 'transparent'), below);
      return stops.length === 0 ? [withColor] : stops.map((stop) => over(rgba(stop), withColor));
    });
  }
  const style = getComputedStyle(element);
  const ring = rgba(style.outlineColor);
  const ringWidth = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
  const box = element.getBoundingClientRect();
  const onScreen =
    box.width >= 8 &&
    box.height >= 8 &&
    box.bottom > 0 &&
    box.right > 0 &&
    box.top < window.innerHeight &&
    box.left < window.innerWidth;
  const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
  return {
    label: `${element.tagName.toLowerCase()} "${name}"`,
    ringContrast: Math.min(...behind.map((color) => contrast(over(ring, color), color))),
    ringWidth,
    onScreen,
  };
}
