import { sweepTempFiles, type SweepResult } from './sweep-temp-files.js';

export const SWEEP_INTERVAL_MS = 10 * 60_000;

export interface TempFileSweepsOptions {
  incomingDir: string;
  ownArea: string;
  /** The embedded database: this is the only process using the data folder. */
  soleProcess: boolean;
  log: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
}

function report(log: TempFileSweepsOptions['log'], result: SweepResult): void {
  if (result.removed > 0)
    log.info(
      { removed: result.removed, bytes: result.bytes },
      'removed temporary files left by a stopped process',
    );
}

/** Sweeps once now (awaited, before serving) and then on a schedule; returns the stop function. */
export async function startTempFileSweeps(options: TempFileSweepsOptions): Promise<() => void> {
  const { incomingDir, ownArea, log } = options;
  report(
    log,
    await sweepTempFiles({ incomingDir, ownArea, noOtherProcesses: options.soleProcess }),
  );
  // Later sweeps go by heartbeat only: areas of processes started since are theirs, not ours.
  const timer = setInterval(() => {
    sweepTempFiles({ incomingDir, ownArea, noOtherProcesses: false })
      .then((result) => report(log, result))
      .catch((error: unknown) => log.warn({ err: error }, 'temporary file sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
