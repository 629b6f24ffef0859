/** Where an export's ZIP is stored: a key no other feature uses. */
export const ZIP_EXPORT_KEY_PREFIX = 'export-';

export function zipExportKey(id: string): string {
  return `${ZIP_EXPORT_KEY_PREFIX}${id}.zip`;
}

/** The export's id from its storage key, or undefined for another key. */
export function zipExportIdOf(key: string): string | undefined {
  const match = /^export-(.+)\.zip(\.part)?$/.exec(key);
  return match?.[1];
}

export function transcriptsExportDownloadPath(id: string): string {
  return `/api/exports/${encodeURIComponent(id)}/download`;
}

export function accountExportDownloadPath(id: string): string {
  return `/api/account/export/${encodeURIComponent(id)}/download`;
}
