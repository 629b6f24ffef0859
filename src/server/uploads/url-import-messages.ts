/** What a URL import tells the user when it does not fetch the file (decision 0080). */
export const URL_IMPORT_MESSAGES = {
  badUrl: 'The link must be a full http or https address, such as https://example.com/episode.mp3.',
  fileAndUrl: 'Send either an audio file or a link (url), not both.',
  refused: (reason: string) => `This link cannot be imported: ${reason}`,
  failed: (reason: string) => `The file could not be fetched from the link: ${reason}`,
  notOk: (status: number) =>
    `The link answered ${status} instead of the file: nothing was imported. Check that it opens in a browser without signing in.`,
  notAudio: (type: string) =>
    `The link gives ${type || 'a file without a type'}, not audio or video: only audio and video links can be imported.`,
  tooSlow:
    'The file took too long to download: nothing was imported. Try a faster host, or upload it.',
} as const;
