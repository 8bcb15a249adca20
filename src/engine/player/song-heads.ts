// The heads of songs on screen: the first bytes of each song's file (a range request), fetched
// before anyone presses Play, so a click starts the song from memory while the rest arrives by a
// second range request. Kept as bytes, not decoded: a WAV head is read in well under a millisecond
// at the click, and the engine's sample rate is not known before the engine is made.
//
// Rules: at most MAX_LOADING heads load at once, the others wait their turn; a song scrolled away
// is dropped from the wait, or its load cancelled; at most MAX_HEADS heads are kept, and a new one
// only pushes out a head no longer on screen (least recently wanted first), so a long list never
// churns. Nothing is fetched ahead on a connection that asks to save data or is 2G.

/** Bytes of a song's head: a second of 48 kHz stereo float audio and its header. */
export const HEAD_BYTES = 512 * 1024;
/** Heads kept at most. */
export const MAX_HEADS = 8;
/** Heads loading at once at most. */
export const MAX_LOADING = 2;

/** What the browser says of the connection (navigator.connection; absent in some browsers). */
export interface ConnectionHints {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** Whether heads may be fetched ahead: not when the listener saves data, nor on a 2G connection. */
export const headsAllowed = (connection: ConnectionHints | undefined): boolean =>
  connection?.saveData !== true &&
  connection?.effectiveType !== "2g" &&
  connection?.effectiveType !== "slow-2g";

export interface SongHead {
  readonly bytes: Uint8Array;
  /** The head is the whole file: nothing more to ask for. */
  readonly whole: boolean;
}

interface Entry {
  /** Places on screen that want it (one per visible play button). */
  wanted: number;
  /** When it was last wanted or taken, for the least recently used order. */
  used: number;
  state: "waiting" | "loading" | "ready";
  head?: SongHead;
  abort?: AbortController;
  loaded?: Promise<SongHead | undefined>;
}

/** Reads the head from an answer: a 206 is the head; a 200 (no ranges) is read up to HEAD_BYTES and cut. */
async function readHead(answer: Response): Promise<SongHead> {
  const total = Number(answer.headers.get("content-range")?.split("/")[1] ?? Number.NaN);
  // A 206 holds the head alone; a 200 is the whole file, read only as far as the head.
  const reader = answer.status === 206 ? undefined : answer.body?.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  if (reader === undefined) {
    const all = new Uint8Array(await answer.arrayBuffer());
    chunks.push(all);
    length = all.length;
    ended = true;
  } else {
    while (length < HEAD_BYTES) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      chunks.push(value);
      length += value.length;
    }
    if (!ended) await reader.cancel();
  }
  const bytes = new Uint8Array(Math.min(length, HEAD_BYTES));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  const whole = answer.status === 206 ? total <= bytes.length : ended && length <= HEAD_BYTES;
  return { bytes, whole };
}

export class SongHeads {
  private readonly entries = new Map<string, Entry>();
  private clock = 0;

  constructor(private readonly allowed: () => boolean = () => true) {}

  /**
   * A song's play button is on screen: its head loads when its turn comes. The answer is called
   * when it leaves the screen (a wait dropped, a load cancelled, a loaded head kept).
   */
  want(url: string): () => void {
    if (!this.allowed()) return () => undefined;
    let entry = this.entries.get(url);
    if (entry === undefined) {
      entry = { wanted: 0, used: 0, state: "waiting" };
      this.entries.set(url, entry);
    }
    entry.wanted += 1;
    entry.used = ++this.clock;
    this.pump();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.unwant(url);
    };
  }

  /** The head of a song, loaded or loading; undefined when none was asked for (or it failed). */
  take(url: string): Promise<SongHead | undefined> | undefined {
    const entry = this.entries.get(url);
    if (entry === undefined || entry.state === "waiting") return undefined;
    entry.used = ++this.clock;
    return entry.state === "ready" ? Promise.resolve(entry.head) : entry.loaded;
  }

  /** The heads held (loaded) and the songs loading, for tests and the bench. */
  get counts(): { readonly ready: number; readonly loading: number } {
    const states = [...this.entries.values()].map((entry) => entry.state);
    return {
      ready: states.filter((state) => state === "ready").length,
      loading: states.filter((state) => state === "loading").length,
    };
  }

  private unwant(url: string): void {
    const entry = this.entries.get(url);
    if (entry === undefined) return;
    entry.wanted = Math.max(0, entry.wanted - 1);
    if (entry.wanted > 0) return;
    if (entry.state === "waiting") this.entries.delete(url);
    else if (entry.state === "loading") {
      entry.abort?.abort();
      this.entries.delete(url);
    }
    this.pump();
  }

  /** Starts waiting loads while there is room: a free load, and a place among the kept heads. */
  private pump(): void {
    for (;;) {
      const all = [...this.entries.entries()];
      const loading = all.filter(([, entry]) => entry.state === "loading").length;
      if (loading >= MAX_LOADING) return;
      const next = all
        .filter(([, entry]) => entry.state === "waiting")
        .sort(([, a], [, b]) => a.used - b.used)[0];
      if (next === undefined) return;
      const held = all.filter(([, entry]) => entry.state !== "waiting");
      if (held.length >= MAX_HEADS) {
        const spare = held
          .filter(([, entry]) => entry.state === "ready" && entry.wanted === 0)
          .sort(([, a], [, b]) => a.used - b.used)[0];
        if (spare === undefined) return;
        this.entries.delete(spare[0]);
      }
      this.load(next[0], next[1]);
    }
  }

  private load(url: string, entry: Entry): void {
    const abort = new AbortController();
    entry.state = "loading";
    entry.abort = abort;
    entry.loaded = fetch(url, { headers: { range: `bytes=0-${HEAD_BYTES - 1}` }, signal: abort.signal })
      .then((answer) => {
        if (!answer.ok) throw new Error(`The song's head did not load (${answer.status})`);
        return readHead(answer);
      })
      .then(
        (head) => {
          if (this.entries.get(url) === entry)
            Object.assign(entry, { state: "ready", head, abort: undefined });
          return head;
        },
        (error: unknown) => {
          // A head is only a head start: the click loads the song as before.
          if (!abort.signal.aborted) console.warn("A song's head did not load ahead", url, error);
          if (this.entries.get(url) === entry) this.entries.delete(url);
          return undefined;
        },
      )
      .finally(() => this.pump());
  }
}

const connection = (): ConnectionHints | undefined =>
  (globalThis.navigator as (Navigator & { connection?: ConnectionHints }) | undefined)?.connection;

/** The page's heads, shared by the song lists (which want them) and the engine (which takes them). */
export const songHeads = new SongHeads(() => headsAllowed(connection()));
