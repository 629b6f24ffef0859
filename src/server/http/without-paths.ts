import path from 'node:path';

/** An absolute filesystem path: a leading `/` (or `C:\`) after a space, quote, `=` or start. */
const ABSOLUTE_PATH = /(?<=^|[\s('"=])(?:\/|[A-Za-z]:\\)[^\s'"),;]*/g;

/**
 * A message for anyone to read: each absolute path becomes `…/` and its last part, so what is
 * named (a model file) stays and where the server keeps it does not.
 */
export function withoutPaths(message: string): string {
  return message.replace(ABSOLUTE_PATH, (found) => {
    const trailing = /[.:]$/.exec(found)?.[0] ?? '';
    const name = path.basename(found.slice(0, found.length - trailing.length));
    return `…/${name}${trailing}`;
  });
}
