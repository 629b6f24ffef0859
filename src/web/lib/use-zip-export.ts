import { useCallback, useEffect, useRef, useState } from 'react';
import type { ZipExportDto } from '../../core/api/zip-exports';
import { apiRequest, getJson, HttpError } from './api-client';

export type ZipExportState =
  | { phase: 'idle' }
  | { phase: 'preparing'; id: string | null }
  | { phase: 'ready'; id: string; url: string; expiresAt: string }
  | { phase: 'failed'; message: string };

/** How often the page asks whether the ZIP is ready: soon at first, then every few seconds. */
function pollDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 5_000);
}

/** Starts the download of a ready ZIP: a plain link the browser saves as it streams. */
export function saveZip(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

function problemOf(error: unknown): string {
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  return 'The download could not be prepared. Please try again.';
}

/**
 * A ZIP prepared on the server: `start` posts to `startUrl`, then asks `statusUrl(id)` until it is
 * ready (and saves it, when `saveWhenReady`) or failed. `resume` follows an export started before.
 */
export function useZipExport(options: {
  startUrl: string;
  statusUrl: (id: string) => string;
  saveWhenReady: boolean;
}) {
  const [state, setState] = useState<ZipExportState>({ phase: 'idle' });
  const run = useRef(0);
  const { startUrl, statusUrl, saveWhenReady } = options;
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const follow = useCallback(
    async (id: string, mine: number, save: boolean) => {
      for (let attempt = 0; run.current === mine; attempt += 1) {
        const status = await getJson<ZipExportDto>(statusUrl(id));
        if (run.current !== mine || !status) return;
        if (status.status === 'ready' && status.url) {
          setState({ phase: 'ready', id, url: status.url, expiresAt: status.expiresAt });
          if (save) saveZip(status.url);
          return;
        }
        if (status.status === 'failed') {
          setState({ phase: 'failed', message: status.error ?? problemOf(null) });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, pollDelayMs(attempt)));
      }
    },
    [statusUrl],
  );

  const start = useCallback(
    async (body?: unknown) => {
      const mine = ++run.current;
      setState({ phase: 'preparing', id: null });
      try {
        const response = await apiRequest('POST', startUrl, body);
        const { id } = (await response.json()) as { id: string };
        if (run.current !== mine) return;
        setState({ phase: 'preparing', id });
        await follow(id, mine, saveWhenReady);
      } catch (error) {
        if (run.current === mine) setState({ phase: 'failed', message: problemOf(error) });
      }
    },
    [follow, startUrl, saveWhenReady],
  );

  const resume = useCallback(
    async (id: string) => {
      const mine = ++run.current;
      setState({ phase: 'preparing', id });
      try {
        await follow(id, mine, false);
      } catch {
        // Expired or gone: nothing to show.
        if (run.current === mine) setState({ phase: 'idle' });
      }
    },
    [follow],
  );

  const reset = useCallback(() => {
    run.current += 1;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, resume, reset };
}
