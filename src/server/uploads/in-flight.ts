/**
 * Work that a shutdown should let finish: upload streams and background
 * processing. settle() waits for it up to a bound, then aborts what is left
 * and waits for it to unwind.
 */
export class InFlight {
  private readonly work = new Map<Promise<unknown>, AbortController>();

  get size(): number {
    return this.work.size;
  }

  /** Runs `task` as tracked work; its signal fires if a shutdown runs out of patience. */
  run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const promise = task(controller.signal);
    const tracked = promise.finally(() => this.work.delete(tracked));
    tracked.catch(() => {});
    this.work.set(tracked, controller);
    return promise;
  }

  async settle(timeoutMs: number): Promise<{ aborted: number }> {
    const all = () => Promise.allSettled([...this.work.keys()]);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const outcome = await Promise.race([all().then(() => "done" as const), timedOut]);
    clearTimeout(timer);
    if (outcome === "done") return { aborted: 0 };
    const left = [...this.work.values()];
    for (const controller of left) controller.abort(new Error("The server is shutting down"));
    await all();
    return { aborted: left.length };
  }
}
