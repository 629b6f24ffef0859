/** A run of consecutive lines spoken by one speaker. */
export interface SpeakerTurn<Segment extends { speaker: string }> {
  speaker: string;
  segments: Segment[];
}

/** The lines grouped into turns: a new turn begins wherever the speaker changes. */
export function speakerTurns<Segment extends { speaker: string }>(
  segments: readonly Segment[],
): SpeakerTurn<Segment>[] {
  const turns: SpeakerTurn<Segment>[] = [];
  for (const segment of segments) {
    const last = turns.at(-1);
    if (last && last.speaker === segment.speaker) last.segments.push(segment);
    else turns.push({ speaker: segment.speaker, segments: [segment] });
  }
  return turns;
}
