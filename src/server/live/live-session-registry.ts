/** Which accounts hold live previews in this process, so one account cannot open many. */
export class LiveSessionRegistry {
  private readonly byUser = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perUser: number,
    private readonly perProcess: number,
  ) {}

  get openSessions(): number {
    return this.total;
  }

  /** A release function when there is room, otherwise undefined. Releasing twice is harmless. */
  tryOpen(userId: string): (() => void) | undefined {
    const held = this.byUser.get(userId) ?? 0;
    if (held >= this.perUser || this.total >= this.perProcess) return undefined;
    this.byUser.set(userId, held + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }
}
