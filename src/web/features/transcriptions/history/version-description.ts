import type { TranscriptVersionDto } from '../../../../core/api/transcript-versions';

const CHANGES: Record<TranscriptVersionDto['kind'], string> = {
  transcribed: 'Transcribed',
  retranscribed: 'Transcribed again',
  edited: 'Lines corrected',
  speakers: 'Speakers renamed or reassigned',
  renamed: 'File renamed',
  restored: 'Restored',
};

/** What a version's change was, in words: "Restored version 3". */
export function describeChange(version: TranscriptVersionDto): string {
  if (version.kind === 'restored' && version.restoredFrom !== null)
    return `Restored version ${version.restoredFrom}`;
  return CHANGES[version.kind];
}

/** Who made it: the person's name, or the speech engine. */
export function describeAuthor(version: TranscriptVersionDto): string {
  if (version.author) return version.author.name;
  if (version.kind === 'transcribed' || version.kind === 'retranscribed')
    return version.engine ? `the ${version.engine} engine` : 'the speech engine';
  return 'a deleted account';
}
