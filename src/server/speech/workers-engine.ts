import type { PendingWhisper, SpeechEngineStatus } from './speech-engine-supervisor.js';

export interface EngineReport {
  engine: string;
  model: string;
  reason: string;
  pending: unknown;
  multilingual: boolean;
}

/**
 * What the workers run, from their fresh reports (newest first): the engine most of them run,
 * ties settled by name, so the answer does not change with whichever worker reported last. When
 * they differ (one still fetching whisper, say), the reason says how many run something else.
 */
export function workersEngine(reports: readonly EngineReport[]): SpeechEngineStatus | undefined {
  const groups = new Map<string, EngineReport[]>();
  for (const report of reports) {
    const key = `${report.engine} (${report.model})`;
    const group = groups.get(key);
    if (group) group.push(report);
    else groups.set(key, [report]);
  }
  const ranked = [...groups.entries()].sort(
    ([nameA, a], [nameB, b]) => b.length - a.length || nameA.localeCompare(nameB),
  );
  const [chosen, ...others] = ranked;
  const latest = chosen?.[1][0];
  if (!latest) return undefined;
  const othersText = others
    .map(
      ([name, group]) =>
        `${group.length} of ${reports.length} ${group.length === 1 ? 'runs' : 'run'} ${name}`,
    )
    .join(', ');
  return {
    engine: latest.engine,
    model: latest.model,
    multilingual: latest.multilingual,
    reason:
      others.length > 0
        ? `${latest.reason} Not every worker runs it: ${othersText}.`
        : latest.reason,
    ...(latest.pending ? { pending: latest.pending as PendingWhisper } : {}),
  };
}
