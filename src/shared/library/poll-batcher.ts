// Polling clips by id the way the feed does: ids asked for within 100 ms go out together, at most
// 20 to a request, and requests start at least 2.5 s apart, so a list of songs being made costs a
// few requests rather than one per row.

export const POLL_BATCH_WINDOW_MS = 100;
export const POLL_BATCH_MAX_IDS = 20;
export const POLL_MIN_GAP_MS = 2500;

export interface PollBatcherOptions {
  /** Fetches these ids (at most 20); its failures are the caller's to log. */
  readonly fetch: (ids: readonly string[]) => Promise<void>;
  readonly now?: () => number;
}

export class PollBatcher {
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastStart = Number.NEGATIVE_INFINITY;
  private running = false;
  private stopped = false;

  constructor(private readonly options: PollBatcherOptions) {}

  /** Asks for these ids to be polled soon; an id already waiting is asked for once. */
  request(ids: readonly string[]): void {
    if (this.stopped) return;
    for (const id of ids) this.pending.add(id);
    if (this.pending.size > 0) this.schedule(POLL_BATCH_WINDOW_MS);
  }

  stop(): void {
    this.stopped = true;
    this.pending.clear();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(windowMs: number): void {
    if (this.timer !== null || this.running) return;
    const now = (this.options.now ?? Date.now)();
    const wait = Math.max(windowMs, this.lastStart + POLL_MIN_GAP_MS - now);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    if (this.stopped || this.pending.size === 0) return;
    const ids = [...this.pending].slice(0, POLL_BATCH_MAX_IDS);
    for (const id of ids) this.pending.delete(id);
    this.lastStart = (this.options.now ?? Date.now)();
    this.running = true;
    try {
      await this.options.fetch(ids);
    } finally {
      this.running = false;
      if (this.pending.size > 0) this.schedule(0);
    }
  }
}
