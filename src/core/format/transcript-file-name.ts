/** The download name: the original file name with its extension replaced by .txt ("talk.mp3" -> "talk.txt"). */
export function transcriptFileName(originalName: string): string {
  const base = originalName.trim().replace(/\.[^./\\]*$/, '');
  return `${base || 'transcript'}.txt`;
}
