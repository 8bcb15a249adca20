// An in-page tap on what the player sends to the speakers, added before the page's own scripts run:
// the first node connected to the context's destination (the engine player's volume) also feeds a
// small recording AudioWorklet, which hands every sample it receives to the page in blocks, each
// with the frame it began at. The report reads those samples by their place in the stream, never by
// the wall clock, so a loaded machine (late timers, late messages) changes nothing it says. The
// test songs sit on one channel each (the first on the left, the second on the right), so which
// song sounds is exact to the frame: the longest silence with sound on both sides, whether each
// song was heard, for how long both sounded together, and in which order.

import type { Page } from "playwright-core";

export interface OutputReport {
  /** The longest silence with sound before and after it, in ms of the output's frames, since start(). */
  readonly longestGapMs: number;
  /** How long both songs sounded together: the frames where both channels carry sound, in ms (0: never). */
  readonly overlapMs: number;
  /** The output's RMS over its last ~40 ms. */
  readonly level: number;
  /** A node was connected to the destination (the engine plays through Web Audio). */
  readonly tapped: boolean;
  /** Each song was heard since start(). */
  readonly heard: readonly [boolean, boolean];
  /** Frames recorded since start(). */
  readonly frames: number;
  /** What sounded, in order, silences left out: "A" the left channel's song, "B" the right's, "AB" both. */
  readonly order: string;
  /** The same with silences ("-") and each stretch's length in ms, for a failure's message. */
  readonly segments: string;
}

declare global {
  interface Window {
    playerOutput: {
      /** Starts recording (again, from nothing). */
      start(): void;
      report(): OutputReport;
    };
  }
}

/** Where the page loads the recording worklet from (served by `routeOutputTap`, same origin). */
const TAP_PATH = "/__test-output-tap.js";

/**
 * The recording processor: both channels of its input in blocks of up to 4096 frames, each with its
 * first frame; a block ends early where the browser skipped frames.
 */
const TAP_PROCESSOR = `
const BLOCK = 4096;
class OutputTap extends AudioWorkletProcessor {
  constructor() {
    super();
    this.left = new Float32Array(BLOCK);
    this.right = new Float32Array(BLOCK);
    this.filled = 0;
    this.first = 0;
  }
  process(inputs) {
    // The browser skipped rendering (a just-resumed context on a busy machine catches up with its
    // device's clock): the block so far ends here, so each sample keeps its frame and the skipped
    // frames stay a hole where they happened.
    if (this.filled > 0 && currentFrame !== this.first + this.filled) this.send();
    const input = inputs[0] || [];
    const left = input[0];
    const right = input[1] || left;
    if (this.filled === 0) this.first = currentFrame;
    for (let i = 0; i < 128; i++) {
      this.left[this.filled + i] = left ? left[i] : 0;
      this.right[this.filled + i] = right ? right[i] : 0;
    }
    this.filled += 128;
    if (this.filled === BLOCK) this.send();
    return true;
  }
  send() {
    const whole = this.filled === BLOCK;
    const left = whole ? this.left : this.left.slice(0, this.filled);
    const right = whole ? this.right : this.right.slice(0, this.filled);
    this.port.postMessage({ first: this.first, left, right }, [left.buffer, right.buffer]);
    this.left = new Float32Array(BLOCK);
    this.right = new Float32Array(BLOCK);
    this.filled = 0;
  }
}
registerProcessor("output-tap", OutputTap);
`;

/**
 * Serves the recording worklet to the page; call before its first load. Playwright's routes do not
 * see a worklet's module request, so it is answered through the browser's own interception.
 */
export async function routeOutputTap(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  session.on("Fetch.requestPaused", (event: { requestId: string }) => {
    void session.send("Fetch.fulfillRequest", {
      requestId: event.requestId,
      responseCode: 200,
      responseHeaders: [{ name: "Content-Type", value: "text/javascript" }],
      body: Buffer.from(TAP_PROCESSOR).toString("base64"),
    });
  });
  await session.send("Fetch.enable", { patterns: [{ urlPattern: `*${TAP_PATH}` }] });
}

/** Runs in the page (serialised by Playwright's addInitScript): keep it self-contained. */
export function installOutputTap(): void {
  /** Below -60 dBFS on both channels: silence, for the gaps. */
  const SILENT = 1e-3;
  /** A channel sounds in a window above -100 dBFS: a song laid on one channel leaves the other exactly 0. */
  const PRESENT = 1e-5;
  const WINDOW_S = 0.005;
  let tapped = false;
  let rate = 48_000;
  interface Block {
    readonly first: number;
    readonly left: Float32Array;
    readonly right: Float32Array;
  }
  /** The recorded blocks since start(). */
  let blocks: Block[] = [];
  let recording = false;
  let last: Float32Array = new Float32Array(0);

  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (args[0] instanceof AudioDestinationNode && !tapped) {
      tapped = true;
      const context = this.context as AudioContext;
      rate = context.sampleRate;
      void context.audioWorklet.addModule("/__test-output-tap.js").then(
        () => {
          const tap = new AudioWorkletNode(context, "output-tap", {
            numberOfOutputs: 1,
            channelCount: 2,
            channelCountMode: "explicit",
          });
          // Pulled by the graph through a silent gain: what it records is never heard twice.
          const silent = context.createGain();
          silent.gain.value = 0;
          connect.call(this, tap);
          connect.call(tap, silent);
          connect.call(silent, context.destination);
          tap.port.onmessage = (event: MessageEvent<Block>) => {
            last = event.data.left;
            if (recording) blocks.push(event.data);
          };
        },
        (error: unknown) => console.error("The output tap did not load", error),
      );
    }
    return result;
  } as typeof AudioNode.prototype.connect;

  /** One channel of the stream since start(), frames the browser did not render left silent. */
  const stream = (channel: "left" | "right"): Float32Array => {
    const head = blocks[0];
    const tail = blocks[blocks.length - 1];
    if (head === undefined || tail === undefined) return new Float32Array(0);
    const all = new Float32Array(tail.first + tail[channel].length - head.first);
    for (const block of blocks) all.set(block[channel], block.first - head.first);
    return all;
  };

  const peak = (samples: Float32Array, from: number, to: number): number => {
    let most = 0;
    for (let i = from; i < to; i++) most = Math.max(most, Math.abs(samples[i] as number));
    return most;
  };

  /** Where the browser rendered nothing (between blocks), for a failure's message. */
  const skipped = (): string => {
    const head = blocks[0];
    const holes = blocks.slice(1).flatMap((block, at) => {
      const before = blocks[at] as Block;
      const end = before.first + before.left.length;
      const ms = (frames: number) => Math.round((frames / rate) * 1000);
      return head !== undefined && block.first > end
        ? [`${ms(block.first - end)} ms at ${ms(end - head.first)} ms`]
        : [];
    });
    return holes.length > 0 ? ` (not rendered: ${holes.join(", ")})` : "";
  };

  window.playerOutput = {
    start() {
      blocks = [];
      recording = true;
    },
    report() {
      const left = stream("left");
      const right = stream("right");
      const loud = (i: number) =>
        Math.abs(left[i] as number) >= SILENT || Math.abs(right[i] as number) >= SILENT;
      let first = -1;
      let lastSound = -1;
      for (let i = 0; i < left.length; i++) {
        if (!loud(i)) continue;
        if (first === -1) first = i;
        lastSound = i;
      }
      let run = 0;
      let longest = 0;
      for (let i = first + 1; first !== -1 && i < lastSound; i++) {
        run = loud(i) ? 0 : run + 1;
        longest = Math.max(longest, run);
      }
      let together = 0;
      for (let i = 0; i < left.length; i++) {
        if (Math.abs(left[i] as number) > PRESENT && Math.abs(right[i] as number) > PRESENT) together++;
      }
      const window = Math.round(WINDOW_S * rate);
      const heard: [boolean, boolean] = [false, false];
      const runs: [string, number][] = [];
      for (let from = 0; from + window <= left.length; from += window) {
        const one = peak(left, from, from + window) > PRESENT;
        const two = peak(right, from, from + window) > PRESENT;
        heard[0] ||= one;
        heard[1] ||= two;
        const state = one && two ? "AB" : one ? "A" : two ? "B" : "-";
        const previous = runs[runs.length - 1];
        if (previous !== undefined && previous[0] === state) previous[1]++;
        else runs.push([state, 1]);
      }
      const order = runs
        .map(([state]) => state)
        .filter((state) => state !== "-")
        .filter((state, at, all) => at === 0 || all[at - 1] !== state);
      const tail = last.subarray(Math.max(0, last.length - Math.round(0.04 * rate)));
      const level = Math.sqrt(tail.reduce((sum, x) => sum + x * x, 0) / Math.max(1, tail.length));
      return {
        longestGapMs: (longest / rate) * 1000,
        overlapMs: (together / rate) * 1000,
        level,
        tapped,
        heard,
        frames: left.length,
        order: order.join(" "),
        segments: `${runs.map(([state, count]) => `${state}${Math.round(count * WINDOW_S * 1000)}`).join(" ")}${skipped()}`,
      };
    },
  };
}
