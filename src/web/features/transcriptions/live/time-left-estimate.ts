/** The estimate may grow again only when the measured speed really fell: by more than this. */
const SLOWER_BY = 1.25;

interface Sample {
  at: number;
  progress: number;
}

interface Estimate {
  firstSeen: Sample;
  lastProgress: number;
  shown?: { at: number; seconds: number };
}

/**
 * Seconds left for each running transcription on this page, kept in one place so that every view
 * of a job (the upload box, its row in the list, the detail page) says the same. It comes from the
 * speed measured since the job was first seen moving, and only falls as time passes, unless the
 * speed drops so far that the old figure was wrong.
 */
export class TimeLeftEstimates {
  private readonly jobs = new Map<string, Estimate>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  secondsLeft(id: string, running: boolean, progress: number): number | undefined {
    if (!running || progress >= 100) {
      this.jobs.delete(id);
      return undefined;
    }
    const now = this.now();
    const job = this.jobs.get(id) ?? { firstSeen: { at: now, progress }, lastProgress: progress };
    this.jobs.set(id, job);
    const done = progress - job.firstSeen.progress;
    // Between two progress events the speed is not measured again: the figure counts down.
    if (done <= 0 || progress <= job.lastProgress)
      return job.shown ? this.counted(job, now) : undefined;
    job.lastProgress = progress;
    const secondsPerPercent = (now - job.firstSeen.at) / 1000 / done;
    const measured = secondsPerPercent * (100 - progress);
    if (!job.shown) {
      job.shown = { at: now, seconds: measured };
      return measured;
    }
    const counted = this.counted(job, now);
    const seconds = measured > counted * SLOWER_BY ? measured : Math.min(counted, measured);
    job.shown = { at: now, seconds };
    return seconds;
  }

  /** The last figure shown, less the time since. */
  private counted(job: Estimate, now: number): number {
    const shown = job.shown ?? { at: now, seconds: 0 };
    return Math.max(0, shown.seconds - (now - shown.at) / 1000);
  }
}

export const timeLeftEstimates = new TimeLeftEstimates();
