function parts(seconds: number) {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return {
    hh: pad(Math.floor(totalSeconds / 3600)),
    mm: pad(Math.floor(totalSeconds / 60) % 60),
    ss: pad(totalSeconds % 60),
    mmm: pad(ms, 3),
  };
}

/** `00:01:02,345` (SubRip). */
export function srtTimestamp(seconds: number): string {
  const { hh, mm, ss, mmm } = parts(seconds);
  return `${hh}:${mm}:${ss},${mmm}`;
}

/** `00:01:02.345` (WebVTT). */
export function vttTimestamp(seconds: number): string {
  const { hh, mm, ss, mmm } = parts(seconds);
  return `${hh}:${mm}:${ss}.${mmm}`;
}

/** `1:02` or `1:01:02`: the time shown next to a paragraph in documents. */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** `1 h 2 min 3 s`, `4 min 5 s`, `12 s`: a duration in a document's heading. */
export function spokenDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min ${s} s`;
  if (m > 0) return `${m} min ${s} s`;
  return `${s} s`;
}
