/**
 * Diarization error rate, scored the usual way (NIST md-eval): over the reference's speech, the
 * missed speech, false alarms and speaker confusion, with a collar around each reference turn
 * boundary left unscored, under the one-to-one mapping of found speakers to true ones that
 * matches the most speech. Times are sampled every 10 ms.
 */

export interface ScoredTurn {
  start: number;
  end: number;
  speaker: string;
}

export interface DiarizationScore {
  /** Seconds of reference speech scored (outside the collars). */
  speech: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** (missed + falseAlarm + confusion) / speech. */
  errorRate: number;
  /** confusion / speech. */
  confusionRate: number;
}

const STEP = 0.01;

function speakersAt(turns: readonly ScoredTurn[], time: number): string[] {
  return [
    ...new Set(turns.filter((turn) => turn.start <= time && time < turn.end).map((t) => t.speaker)),
  ];
}

/** The one-to-one mapping (reference speaker → found speaker) that matches the most time. */
function bestMapping(overlap: Map<string, Map<string, number>>): Map<string, string> {
  const references = [...overlap.keys()];
  let best = { total: -1, pairs: [] as [string, string][] };
  const search = (index: number, used: Set<string>, total: number, pairs: [string, string][]) => {
    if (index === references.length) {
      if (total > best.total) best = { total, pairs: [...pairs] };
      return;
    }
    const reference = references[index]!;
    search(index + 1, used, total, pairs);
    for (const [found, time] of overlap.get(reference)!) {
      if (used.has(found)) continue;
      used.add(found);
      pairs.push([reference, found]);
      search(index + 1, used, total + time, pairs);
      pairs.pop();
      used.delete(found);
    }
  };
  search(0, new Set(), 0, []);
  return new Map(best.pairs);
}

export function scoreDiarization(
  reference: readonly ScoredTurn[],
  found: readonly ScoredTurn[],
  options: { collar?: number } = {},
): DiarizationScore {
  const collar = options.collar ?? 0.25;
  const boundaries = reference.flatMap((turn) => [turn.start, turn.end]);
  const end = Math.max(0, ...reference.map((t) => t.end), ...found.map((t) => t.end));
  const frames: { truth: string[]; heard: string[] }[] = [];
  for (let time = STEP / 2; time < end; time += STEP) {
    if (boundaries.some((boundary) => Math.abs(time - boundary) < collar)) continue;
    frames.push({ truth: speakersAt(reference, time), heard: speakersAt(found, time) });
  }
  const overlap = new Map<string, Map<string, number>>();
  for (const turn of reference) overlap.set(turn.speaker, overlap.get(turn.speaker) ?? new Map());
  for (const { truth, heard } of frames)
    for (const t of truth)
      for (const h of heard) overlap.get(t)!.set(h, (overlap.get(t)!.get(h) ?? 0) + STEP);
  const mapping = bestMapping(overlap);
  let speech = 0;
  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  for (const { truth, heard } of frames) {
    speech += truth.length * STEP;
    missed += Math.max(0, truth.length - heard.length) * STEP;
    falseAlarm += Math.max(0, heard.length - truth.length) * STEP;
    const correct = truth.filter((t) => heard.includes(mapping.get(t) ?? '')).length;
    confusion += (Math.min(truth.length, heard.length) - correct) * STEP;
  }
  const rate = (value: number) => (speech === 0 ? 0 : value / speech);
  return {
    speech,
    missed,
    falseAlarm,
    confusion,
    errorRate: rate(missed + falseAlarm + confusion),
    confusionRate: rate(confusion),
  };
}
