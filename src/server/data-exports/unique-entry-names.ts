/**
 * A name for a ZIP entry that no other entry has, compared without case (Windows and macOS
 * would overwrite one with the other): `name.txt`, then `name (2).txt`, `name (3).txt`…
 * Slashes and backslashes become `_`, so a file name never makes a folder or climbs out of one.
 */
export class UniqueEntryNames {
  private readonly taken = new Set<string>();

  claim(name: string): string {
    const flat = name.replace(/[/\\]/g, '_');
    const dot = flat.lastIndexOf('.');
    return this.firstFree(flat, dot > 0 ? dot : flat.length);
  }

  /** A folder's name: a number goes at its very end, whatever dots it holds. */
  claimFolder(name: string): string {
    const replaced = name.replace(/[/\\]/g, '_').trim();
    // `.` and `..` would name the folder above.
    const flat = /^\.*$/.test(replaced) ? 'transcript' : replaced;
    return this.firstFree(flat, flat.length);
  }

  private firstFree(flat: string, dot: number): string {
    const base = flat.slice(0, dot);
    const extension = flat.slice(dot);
    let candidate = flat;
    for (let copy = 2; this.taken.has(candidate.toLowerCase()); copy += 1) {
      candidate = `${base} (${copy})${extension}`;
    }
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
