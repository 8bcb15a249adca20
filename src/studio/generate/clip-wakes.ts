// The server pushes each change of the user's clips on their realtime channel (the page's socket):
// a generation followed here then asks for its clips at once, not at its next poll, so a result
// that starts streaming is placed and heard without waiting up to a poll's interval. The polls stay:
// they carry on alone when the socket is away.

export class ClipWakes {
  private readonly waiting = new Set<() => void>();

  /** Settles after `ms`, or sooner when a change is pushed. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }

  /** A change of the user's clips was pushed (or the socket came back: anything may have changed). */
  pushed(): void {
    for (const wake of [...this.waiting]) wake();
  }
}
