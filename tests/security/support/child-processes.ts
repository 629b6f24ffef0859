import { readdir, readFile } from 'node:fs/promises';

export interface ChildProcessInfo {
  pid: number;
  name: string;
  /** User and system CPU time it has used so far. */
  cpuSeconds: number;
}

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** The ffmpeg and ffprobe processes this process started that are still running (Linux /proc). */
export async function ffmpegChildren(): Promise<ChildProcessInfo[]> {
  const found: ChildProcessInfo[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid ...: the name may hold spaces, so the rest is read after its ')'.
    const match = /^\d+ \((.*)\) (.*)$/s.exec(stat.trim());
    if (!match) continue;
    const command = match[1] ?? '';
    const fields = (match[2] ?? '').split(' ');
    // After the name: state is field 3, ppid field 4, utime 14, stime 15.
    if (Number(fields[1]) !== process.pid || !/^ff(mpeg|probe)$/.test(command)) continue;
    const ticks = Number(fields[11]) + Number(fields[12]);
    found.push({ pid: Number(name), name: command, cpuSeconds: ticks / TICKS_PER_SECOND });
  }
  return found;
}

/** Polls until `check` holds, or fails after `boundMs`. */
export async function waitUntil(
  check: () => Promise<boolean>,
  boundMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
