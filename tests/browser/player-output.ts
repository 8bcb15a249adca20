// An in-page tap on what the player sends to the speakers, added before the page's own scripts run:
// the first node connected to the context's destination (the engine player's volume) is also
// connected to two analysers. Every 50 ms the page notes, from the last 340 ms of output, the
// longest silence (below -60 dBFS) with sound on both sides, the level, and whether two test tones
// (the songs' own frequencies) sound at the same time.

export interface OutputReport {
  /** The longest silence with sound before and after it, in ms, since start(). */
  readonly longestGapMs: number;
  /** From the first to the last moment both tones sounded together, in ms (0: never). */
  readonly overlapMs: number;
  /** The output's RMS over the last ~40 ms. */
  readonly level: number;
  /** A node was connected to the destination (the engine plays through Web Audio). */
  readonly tapped: boolean;
  /** Each tone was heard since start(). */
  readonly heard: readonly [boolean, boolean];
}

declare global {
  interface Window {
    playerOutput: {
      /** Starts noting gaps and overlaps of these two tones (Hz). */
      start(tones: readonly [number, number]): void;
      report(): OutputReport;
    };
  }
}

/** Runs in the page (serialised by Playwright's addInitScript): keep it self-contained. */
export function installOutputTap(): void {
  const SILENT = 1e-3;
  /** A tone is present above -60 dB in the short analyser's spectrum. */
  const PRESENT_DB = -60;
  let wide: AnalyserNode | null = null;
  let short: AnalyserNode | null = null;
  let samples = new Float32Array(0);
  let shortSamples = new Float32Array(0);
  let spectrum = new Float32Array(0);
  let tones: readonly [number, number] | null = null;
  let longestGap = 0;
  let firstBoth: number | null = null;
  let lastBoth: number | null = null;
  let heard: [boolean, boolean] = [false, false];
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (args[0] instanceof AudioDestinationNode && wide === null) {
      wide = this.context.createAnalyser();
      wide.fftSize = 16_384;
      short = this.context.createAnalyser();
      short.fftSize = 2048;
      short.smoothingTimeConstant = 0;
      samples = new Float32Array(wide.fftSize);
      shortSamples = new Float32Array(short.fftSize);
      spectrum = new Float32Array(short.frequencyBinCount);
      connect.call(this, wide);
      connect.call(this, short);
    }
    return result;
  } as typeof AudioNode.prototype.connect;

  const present = (hz: number, rate: number): boolean => {
    const bin = Math.round(hz / (rate / 2 / spectrum.length));
    let best = Number.NEGATIVE_INFINITY;
    for (let at = bin - 2; at <= bin + 2; at++) best = Math.max(best, spectrum[at] ?? best);
    return best > PRESENT_DB;
  };

  setInterval(() => {
    if (wide === null || short === null || tones === null) return;
    wide.getFloatTimeDomainData(samples);
    let first = -1;
    let last = -1;
    for (let i = 0; i < samples.length; i++) {
      if (Math.abs(samples[i] as number) >= SILENT) {
        if (first === -1) first = i;
        last = i;
      }
    }
    let run = 0;
    for (let i = first + 1; first !== -1 && i < last; i++) {
      run = Math.abs(samples[i] as number) < SILENT ? run + 1 : 0;
      longestGap = Math.max(longestGap, (run / wide.context.sampleRate) * 1000);
    }
    short.getFloatFrequencyData(spectrum);
    const low = present(tones[0], short.context.sampleRate);
    const high = present(tones[1], short.context.sampleRate);
    heard = [heard[0] || low, heard[1] || high];
    if (low && high) {
      firstBoth ??= performance.now();
      lastBoth = performance.now();
    }
  }, 50);

  window.playerOutput = {
    start(listenFor) {
      tones = listenFor;
      longestGap = 0;
      firstBoth = null;
      lastBoth = null;
      heard = [false, false];
    },
    report() {
      let level = 0;
      if (short !== null) {
        short.getFloatTimeDomainData(shortSamples);
        level = Math.sqrt(shortSamples.reduce((sum, x) => sum + x * x, 0) / shortSamples.length);
      }
      return {
        longestGapMs: longestGap,
        overlapMs: firstBoth === null || lastBoth === null ? 0 : lastBoth - firstBoth,
        level,
        tapped: wide !== null,
        heard,
      };
    },
  };
}
