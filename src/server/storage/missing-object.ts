/** Whether a storage error means the object is not there (local disk or S3), not a failure. */
export function isMissingObject(error: unknown): boolean {
  const { code, name } = error as { code?: string; name?: string };
  return code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound';
}
