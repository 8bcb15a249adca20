// In-page probes for the player bench, added before the page's own scripts run.
// - Audible output: the first <audio> element that plays is routed through a Web Audio analyser
//   (MediaElementSource -> AnalyserNode -> destination), and the audio engine's output (finished
//   songs) through another in its context; a sample loop every 2 ms notes the first time after a
//   mark that either analyser's window holds a sample above -60 dBFS.
// - Stalls: every 50 ms the element's currentTime is noted; a stall is 300 ms or more without it
//   moving while the page wants it playing, before the song's end.

export interface ProbeReport {
  /** performance.now() of the mark (the play press), of the first `playing` event and the first sound after it. */
  readonly markAt: number;
  readonly playingAt: number | null;
  readonly audibleAt: number | null;
  /** The element's position when the sound was first heard (leading silence of the song shows here). */
  readonly audibleTime: number | null;
  readonly stalls: number;
  readonly stalledMs: number;
  /** Wall time from the first sound to the end of the song (or to the report). */
  readonly playedMs: number;
  readonly reachedEnd: boolean;
  /** The player's timing marks (timing-marks.ts) since the mark, ms after it, in order. */
  readonly steps: readonly { readonly step: string; readonly ms: number }[];
}

declare global {
  interface Window {
    playerProbe: {
      mark(): void;
      /** Starts counting stalls, until currentTime reaches the end set by `setEnd` (once known). */
      watch(): void;
      setEnd(seconds: number): void;
      report(): ProbeReport;
    };
  }
}

/** Runs in the page (serialised by Playwright's addInitScript): keep it self-contained. */
export function installPlayerProbe(): void {
  const SILENCE = 0.001;
  const STALL_MS = 300;
  let element: HTMLMediaElement | null = null;
  let markAt = 0;
  let playingAt: number | null = null;
  let audibleAt: number | null = null;
  let audibleTime: number | null = null;
  let endSeconds = Number.POSITIVE_INFINITY;
  let watching = false;
  let stalls = 0;
  let stalledMs = 0;
  let lastTime = -1;
  let lastMove = 0;
  let inStall = false;
  let reachedEnd = false;
  let endAt: number | null = null;
  const samples = new Float32Array(256);

  // The context starts with the page, so its start-up is not counted in the first press's time.
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = samples.length;
  analyser.connect(context.destination);
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (element === null) {
      element = this;
      context.createMediaElementSource(this).connect(analyser);
      this.addEventListener("playing", () => {
        if (playingAt === null && markAt > 0) playingAt = performance.now();
      });
    }
    void context.resume();
    return play.call(this);
  };

  // Finished songs play through the audio engine in the page's own context: the first node it
  // connects to that context's destination is heard by an analyser there too.
  const analysers = [analyser];
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (args[0] instanceof AudioDestinationNode && this.context !== context && analysers.length === 1) {
      const engineAnalyser = this.context.createAnalyser();
      engineAnalyser.fftSize = samples.length;
      connect.call(this, engineAnalyser);
      analysers.push(engineAnalyser);
    }
    return result;
  } as typeof AudioNode.prototype.connect;

  setInterval(() => {
    if (markAt === 0 || audibleAt !== null) return;
    for (const listening of analysers) {
      listening.getFloatTimeDomainData(samples);
      if (samples.some((sample) => Math.abs(sample) > SILENCE)) {
        audibleAt = performance.now();
        audibleTime = element?.currentTime ?? null;
        return;
      }
    }
  }, 2);

  setInterval(() => {
    if (!watching || element === null || audibleAt === null || reachedEnd) return;
    const now = performance.now();
    const time = element.currentTime;
    if (time >= endSeconds - 0.3) {
      reachedEnd = true;
      endAt = now;
      return;
    }
    if (time !== lastTime) {
      if (inStall) stalledMs += now - lastMove;
      inStall = false;
      lastTime = time;
      lastMove = now;
    } else if (!inStall && now - lastMove >= STALL_MS) {
      inStall = true;
      stalls++;
    }
  }, 50);

  window.playerProbe = {
    mark() {
      markAt = performance.now();
      playingAt = null;
      audibleAt = null;
      audibleTime = null;
      watching = false;
    },
    setEnd(seconds) {
      endSeconds = seconds;
    },
    watch() {
      endSeconds = Number.POSITIVE_INFINITY;
      watching = true;
      stalls = 0;
      stalledMs = 0;
      lastTime = -1;
      lastMove = performance.now();
      inStall = false;
      reachedEnd = false;
      endAt = null;
    },
    report() {
      const now = endAt ?? performance.now();
      return {
        markAt,
        playingAt,
        audibleAt,
        audibleTime,
        stalls,
        stalledMs: stalledMs + (inStall ? now - lastMove : 0),
        playedMs: audibleAt === null ? 0 : now - audibleAt,
        reachedEnd,
        steps: performance
          .getEntriesByType("mark")
          .filter((entry) => entry.name.startsWith("player:") && entry.startTime >= markAt)
          .map((entry) => ({
            step: entry.name.slice("player:".length),
            ms: Math.round(entry.startTime - markAt),
          })),
      };
    },
  };
}
