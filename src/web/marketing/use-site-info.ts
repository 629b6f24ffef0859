import { useSyncExternalStore } from 'react';

/** Operator-configured contact details, served by `GET /api/site`; any field may be unset. */
export interface SiteInfo {
  contactEmail: string | null;
  contactPhone: string | null;
  officeAddress: string | null;
}

export type SiteInfoState =
  { status: 'loading' } | { status: 'ready'; info: SiteInfo } | { status: 'unavailable' };

const LOADING: SiteInfoState = { status: 'loading' };
let state: SiteInfoState = LOADING;
let started = false;
const listeners = new Set<() => void>();

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

async function loadSiteInfo(): Promise<void> {
  try {
    const response = await fetch('/api/site', { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    state = {
      status: 'ready',
      info: {
        contactEmail: optionalText(body.contactEmail),
        contactPhone: optionalText(body.contactPhone),
        officeAddress: optionalText(body.officeAddress),
      },
    };
  } catch {
    state = { status: 'unavailable' };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Fetched once per page load, on first use: most pages never need it.
  if (!started) {
    started = true;
    void loadSiteInfo();
  }
  return () => listeners.delete(listener);
}

/**
 * The site's contact details. Prerendered HTML and the first paint see `loading`, so every
 * consumer must render something meaningful without the details.
 */
export function useSiteInfo(): SiteInfoState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}
