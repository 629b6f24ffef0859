/**
 * One colour per speaker, by their place in order of first appearance (a rename keeps it). Each
 * pair is a text colour and a dot; the text colours keep 4.5:1 contrast on white and slate-50.
 */
const SPEAKER_COLORS = [
  { text: 'text-sky-800', dot: 'bg-sky-600', border: 'border-sky-600' },
  { text: 'text-amber-800', dot: 'bg-amber-500', border: 'border-amber-500' },
  { text: 'text-emerald-800', dot: 'bg-emerald-600', border: 'border-emerald-600' },
  { text: 'text-rose-800', dot: 'bg-rose-600', border: 'border-rose-600' },
  { text: 'text-violet-800', dot: 'bg-violet-600', border: 'border-violet-600' },
  { text: 'text-teal-800', dot: 'bg-teal-600', border: 'border-teal-600' },
  { text: 'text-orange-800', dot: 'bg-orange-600', border: 'border-orange-600' },
  { text: 'text-indigo-800', dot: 'bg-indigo-600', border: 'border-indigo-600' },
  { text: 'text-lime-800', dot: 'bg-lime-600', border: 'border-lime-600' },
  { text: 'text-fuchsia-800', dot: 'bg-fuchsia-600', border: 'border-fuchsia-600' },
] as const;

export type SpeakerColor = (typeof SPEAKER_COLORS)[number];

/** The colour of the speaker at this place (from 0); more speakers than colours repeat them. */
export function speakerColor(place: number): SpeakerColor {
  return SPEAKER_COLORS[Math.max(0, place) % SPEAKER_COLORS.length] ?? SPEAKER_COLORS[0];
}
