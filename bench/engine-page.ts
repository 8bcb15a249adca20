// Page-side halves of the engine bench: each function runs inside Chromium via
// page.evaluate, so each is self-contained (no imports, no outer helpers).
import type { EngineWindow } from "../src/tooling/built-entries.ts";

export interface MixdownSpec {
  readonly tracks: number;
  readonly seconds: number;
  readonly sampleRate: number;
}

/**
 * The bench project, identical for every contender: 8 mono sources of 10 s;
 * each track plays 10 s clips back to back with 0.25 s linear-ish fades,
 * through six EQ stages (HPF, low shelf, two peaks, high shelf, LPF), gain and pan.
 */
export const BENCH_PROJECT = {
  sourceSeconds: 10,
  sources: 8,
  clipSeconds: 10,
  fadeSeconds: 0.25,
  gain: 0.5,
  eq: [
    { type: "highpass", frequency: 40, q: Math.SQRT1_2, gain: 0 },
    { type: "lowshelf", frequency: 120, q: Math.SQRT1_2, gain: 2 },
    { type: "peaking", frequency: 400, q: 1, gain: -3 },
    { type: "peaking", frequency: 3000, q: 1, gain: 2 },
    { type: "highshelf", frequency: 8000, q: Math.SQRT1_2, gain: 1 },
    { type: "lowpass", frequency: 16000, q: Math.SQRT1_2, gain: 0 },
  ],
} as const;

type Project = typeof BENCH_PROJECT;

/** Indices into the engine's shared header (worklets/engine-shared-state.ts), passed in from Node. */
export interface HeaderSlots {
  readonly quanta: number;
  readonly appliedBatch: number;
  readonly appliedAtQuanta: number;
  readonly loadBatches: number;
}

/** Deterministic material: a different chord of partials plus a little noise per source. */
export function benchSources(project: Project, sampleRate: number): Float32Array[] {
  const frames = project.sourceSeconds * sampleRate;
  const sources: Float32Array[] = [];
  let seed = 12345;
  for (let s = 0; s < project.sources; s++) {
    const data = new Float32Array(frames);
    const base = 55 * 2 ** (s / 4);
    for (let i = 0; i < frames; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const t = i / sampleRate;
      data[i] =
        0.2 * Math.sin(2 * Math.PI * base * t) +
        0.1 * Math.sin(2 * Math.PI * base * 3.01 * t) +
        0.05 * Math.sin(2 * Math.PI * base * 7.02 * t) +
        0.02 * (seed / 2 ** 31 - 1);
    }
    sources.push(data);
  }
  return sources;
}

/** A track of the bench project as an engine patch (its EQ stages all on). */
export function benchTrackPatch(project: Project, slot: number, tracks: number, amplitude: number) {
  return {
    op: "track",
    slot,
    amplitude,
    balance: tracks === 1 ? 0 : -0.8 + (1.6 * slot) / (tracks - 1),
    mute: false,
    solo: false,
    eq: { enabled: true, stages: project.eq.map((stage) => ({ enabled: true, ...stage })) },
  };
}

/** The whole bench project as engine patches: sources, then per track its strip and its clips. */
export function benchPatches(
  project: Project,
  spec: MixdownSpec,
  sources: readonly Float32Array[],
): unknown[] {
  const { tracks, seconds, sampleRate } = spec;
  const bench = (window as unknown as { tunesmithBench: BenchHelpers }).tunesmithBench;
  const patches: unknown[] = sources.map((data, slot) => ({
    op: "source",
    slot,
    frames: data.length,
    data: [data],
  }));
  const clipFrames = project.clipSeconds * sampleRate;
  const fade = project.fadeSeconds * sampleRate;
  const clipsPerTrack = Math.ceil(seconds / project.clipSeconds);
  for (let t = 0; t < tracks; t++) {
    patches.push(bench.trackPatch(project, t, tracks, project.gain));
    for (let c = 0; c < clipsPerTrack; c++) {
      patches.push({
        op: "clip",
        slot: t * clipsPerTrack + c,
        track: t,
        source: (t + c) % project.sources,
        start: c * clipFrames,
        end: (c + 1) * clipFrames,
        sourceStart: 0,
        amplitude: 1,
        mute: false,
        fadeIn: fade,
        fadeOut: fade,
        loop: { enabled: false, start: 0, end: 0 },
      });
    }
  }
  return patches;
}

/** The helpers above, put on window by the Node side so the page functions can share them. */
export interface BenchHelpers {
  sources: typeof benchSources;
  trackPatch: typeof benchTrackPatch;
  patches: typeof benchPatches;
}

/** Ours: the engine worklet in an OfflineAudioContext. Returns x realtime and the processor's batch costs. */
export async function oursOffline({
  spec,
  project,
  slots,
}: {
  spec: MixdownSpec;
  project: Project;
  slots: HeaderSlots;
}) {
  const engine = (window as unknown as EngineWindow).tunesmithEngine;
  const { seconds, sampleRate } = spec;
  const bench = (window as unknown as { tunesmithBench: BenchHelpers }).tunesmithBench;
  const patches = bench.patches(project, spec, bench.sources(project, sampleRate));
  patches.push({ op: "play" });
  const context = new OfflineAudioContext({ numberOfChannels: 2, length: seconds * sampleRate, sampleRate });
  const { node, shared } = await engine.createEngineNode(context, patches as never);
  node.connect(context.destination);
  const start = performance.now();
  await context.startRendering();
  const wall = (performance.now() - start) / 1000;
  const batches = Math.min(shared.header[slots.loadBatches], shared.quantumCosts.length);
  return {
    xRealtime: seconds / wall,
    quantumCostsMicros: Array.from(shared.quantumCosts.subarray(0, batches)),
  };
}

/** The realtime-cost case for warping: how many clips play warped and transposed at once. */
export const WARPED_CLIPS = 32;

/**
 * Ours with every clip through the stretcher: WARPED_CLIPS stereo clips, one
 * per track (the bench strip: EQ, gain, pan), all playing at once, each
 * warped (a map at 0.7x to 1x of the source's rate) and transposed (-5 to +7
 * semitones), rendered by the engine worklet in an OfflineAudioContext.
 * Returns x realtime and the processor's batch costs, as oursOffline.
 */
export async function warpedOffline({
  spec,
  project,
  slots,
}: {
  spec: MixdownSpec;
  project: Project;
  slots: HeaderSlots;
}) {
  const engine = (window as unknown as EngineWindow).tunesmithEngine;
  const { tracks, seconds, sampleRate } = spec;
  const bench = (window as unknown as { tunesmithBench: BenchHelpers }).tunesmithBench;
  const mono = bench.sources(project, sampleRate);
  // Stereo: the right channel is the left a little later, so the two differ.
  const patches: unknown[] = mono.map((data, slot) => {
    const right = new Float32Array(data.length);
    right.set(data.subarray(0, data.length - 37), 37);
    return { op: "source", slot, frames: data.length, data: [data.slice(), right] };
  });
  const frames = seconds * sampleRate;
  const ratios = [0.7, 0.85, 1];
  const semitones = [-5, -3, -2, 2, 3, 5, 7];
  for (let t = 0; t < tracks; t++) {
    patches.push(bench.trackPatch(project, t, tracks, project.gain / 4));
    const ratio = ratios[t % ratios.length];
    patches.push({
      op: "clip",
      slot: t,
      track: t,
      source: t % project.sources,
      start: 0,
      end: frames,
      sourceStart: 0,
      amplitude: 1,
      mute: false,
      fadeIn: project.fadeSeconds * sampleRate,
      fadeOut: project.fadeSeconds * sampleRate,
      loop: { enabled: false, start: 0, end: 0 },
      transposition: semitones[t % semitones.length],
      warp: new Float64Array([0, 0, frames / 2, (frames / 2) * ratio * 0.9, frames, frames * ratio]),
    });
  }
  patches.push({ op: "play" });
  const context = new OfflineAudioContext({ numberOfChannels: 2, length: frames, sampleRate });
  const { node, shared } = await engine.createEngineNode(context, patches as never);
  node.connect(context.destination);
  const start = performance.now();
  await context.startRendering();
  const wall = (performance.now() - start) / 1000;
  const batches = Math.min(shared.header[slots.loadBatches], shared.quantumCosts.length);
  return {
    xRealtime: seconds / wall,
    quantumCostsMicros: Array.from(shared.quantumCosts.subarray(0, batches)),
  };
}

/** Chrome's native graph doing the same work: sources -> clip fade gain -> 6 biquads -> gain -> panner -> bus. */
export async function nativeOffline({ spec, project }: { spec: MixdownSpec; project: Project }) {
  const { tracks, seconds, sampleRate } = spec;
  const bench = (window as unknown as { tunesmithBench: BenchHelpers }).tunesmithBench;
  const context = new OfflineAudioContext({ numberOfChannels: 2, length: seconds * sampleRate, sampleRate });
  const buffers = bench.sources(project, sampleRate).map((data) => {
    const buffer = new AudioBuffer({ length: data.length, sampleRate, numberOfChannels: 1 });
    buffer.copyToChannel(data as Float32Array<ArrayBuffer>, 0);
    return buffer;
  });
  const bus = new GainNode(context);
  bus.connect(context.destination);
  const clipsPerTrack = Math.ceil(seconds / project.clipSeconds);
  for (let t = 0; t < tracks; t++) {
    const filters = project.eq.map(
      (stage) =>
        new BiquadFilterNode(context, {
          type: stage.type,
          frequency: stage.frequency,
          Q: stage.type === "lowshelf" || stage.type === "highshelf" ? 0 : stage.q,
          gain: stage.gain,
        }),
    );
    for (let i = 1; i < filters.length; i++) filters[i - 1].connect(filters[i]);
    const pan = tracks === 1 ? 0 : -0.8 + (1.6 * t) / (tracks - 1);
    filters[filters.length - 1]
      .connect(new GainNode(context, { gain: project.gain }))
      .connect(new StereoPannerNode(context, { pan }))
      .connect(bus);
    for (let c = 0; c < clipsPerTrack; c++) {
      const at = c * project.clipSeconds;
      const source = new AudioBufferSourceNode(context, { buffer: buffers[(t + c) % project.sources] });
      const fade = new GainNode(context, { gain: 0 });
      fade.gain.setValueAtTime(0, at);
      fade.gain.linearRampToValueAtTime(1, at + project.fadeSeconds);
      fade.gain.setValueAtTime(1, at + project.clipSeconds - project.fadeSeconds);
      fade.gain.linearRampToValueAtTime(0, at + project.clipSeconds);
      source.connect(fade).connect(filters[0]);
      source.start(at, 0, project.clipSeconds);
    }
  }
  const start = performance.now();
  await context.startRendering();
  return { xRealtime: seconds / ((performance.now() - start) / 1000) };
}

/** The same algorithm in plain JavaScript on the main thread: the floor any engine must beat. */
export function plainJsOffline({ spec, project }: { spec: MixdownSpec; project: Project }) {
  const { tracks, seconds, sampleRate } = spec;
  const bench = (window as unknown as { tunesmithBench: BenchHelpers }).tunesmithBench;
  const sources = bench.sources(project, sampleRate);
  const frames = seconds * sampleRate;
  const clipFrames = project.clipSeconds * sampleRate;
  const fade = project.fadeSeconds * sampleRate;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const track = new Float64Array(frames);
  // RBJ cookbook coefficients, normalised: [b0, b1, b2, a1, a2].
  const design = (type: string, f0: number, q: number, gainDb: number) => {
    const w = (2 * Math.PI * f0) / sampleRate;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    const a = 10 ** (gainDb / 40);
    const s = 2 * Math.sqrt(a) * alpha;
    let c: number[];
    if (type === "lowpass") c = [(1 - cos) / 2, 1 - cos, (1 - cos) / 2, 1 + alpha, -2 * cos, 1 - alpha];
    else if (type === "highpass")
      c = [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2, 1 + alpha, -2 * cos, 1 - alpha];
    else if (type === "peaking")
      c = [1 + alpha * a, -2 * cos, 1 - alpha * a, 1 + alpha / a, -2 * cos, 1 - alpha / a];
    else if (type === "lowshelf")
      c = [
        a * (a + 1 - (a - 1) * cos + s),
        2 * a * (a - 1 - (a + 1) * cos),
        a * (a + 1 - (a - 1) * cos - s),
        a + 1 + (a - 1) * cos + s,
        -2 * (a - 1 + (a + 1) * cos),
        a + 1 + (a - 1) * cos - s,
      ];
    else
      c = [
        a * (a + 1 + (a - 1) * cos + s),
        -2 * a * (a - 1 + (a + 1) * cos),
        a * (a + 1 + (a - 1) * cos - s),
        a + 1 - (a - 1) * cos + s,
        2 * (a - 1 - (a + 1) * cos),
        a + 1 - (a - 1) * cos - s,
      ];
    return [c[0] / c[3], c[1] / c[3], c[2] / c[3], c[4] / c[3], c[5] / c[3]];
  };
  const filters = project.eq.map((stage) => design(stage.type, stage.frequency, stage.q, stage.gain));
  const start = performance.now();
  for (let t = 0; t < tracks; t++) {
    track.fill(0);
    for (let c = 0; c * clipFrames < frames; c++) {
      const source = sources[(t + c) % project.sources];
      const from = c * clipFrames;
      const to = Math.min(frames, from + clipFrames);
      for (let i = from; i < to; i++) {
        const k = i - from;
        const gain = Math.min(1, (k + 0.5) / fade, (clipFrames - k - 0.5) / fade);
        track[i] += source[k] * gain;
      }
    }
    for (const [b0, b1, b2, a1, a2] of filters) {
      let x1 = 0;
      let x2 = 0;
      let y1 = 0;
      let y2 = 0;
      for (let i = 0; i < frames; i++) {
        const x = track[i];
        const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
        track[i] = y;
      }
    }
    const pan = tracks === 1 ? 0 : -0.8 + (1.6 * t) / (tracks - 1);
    const angle = ((pan + 1) * Math.PI) / 4;
    const gainL = project.gain * Math.cos(angle);
    const gainR = project.gain * Math.sin(angle);
    for (let i = 0; i < frames; i++) {
      left[i] += track[i] * gainL;
      right[i] += track[i] * gainR;
    }
  }
  return { xRealtime: seconds / ((performance.now() - start) / 1000) };
}

/**
 * Edit-to-audible in a realtime AudioContext: from posting a fader change to the
 * processor having rendered the first quantum after applying it, read from the
 * shared header (applied batch, quanta at apply, quanta rendered). The main
 * thread spins on the shared memory while it waits, to time it to the microsecond.
 */
export async function editToAudible({
  spec,
  project,
  slots,
  edits,
  latencyHint,
}: {
  spec: MixdownSpec;
  project: Project;
  slots: HeaderSlots;
  edits: number;
  latencyHint: AudioContextLatencyCategory | number;
}) {
  const engine = (window as unknown as EngineWindow).tunesmithEngine;
  const { tracks, sampleRate } = spec;
  const bench = (window as unknown as { tunesmithBench: BenchHelpers }).tunesmithBench;
  const context = new AudioContext({ sampleRate, latencyHint });
  const patches = bench.patches(project, spec, bench.sources(project, sampleRate));
  patches.push({ op: "play" });
  const { node, shared, send } = await engine.createEngineNode(context, patches as never);
  node.connect(context.destination);
  await context.resume();
  const header = shared.header;
  while (header[slots.quanta] < 50) await new Promise((resolve) => setTimeout(resolve, 10));
  const latencies: number[] = [];
  for (let e = 0; e < edits; e++) {
    const started = performance.now();
    const id = send([
      bench.trackPatch(project, e % tracks, tracks, 0.25 + (0.5 * ((e * 7) % 10)) / 10),
    ] as never);
    let audibleAt = Number.NaN;
    while (performance.now() - started < 500) {
      if (header[slots.appliedBatch] >= id && header[slots.quanta] > header[slots.appliedAtQuanta]) {
        audibleAt = performance.now();
        break;
      }
    }
    latencies.push(audibleAt - started);
    await new Promise((resolve) => setTimeout(resolve, 5 + (e % 7)));
  }
  const outputLatencyMs = (context.baseLatency + (context.outputLatency || 0)) * 1000;
  const callbackMs = context.baseLatency * 1000;
  await context.close();
  return { latenciesMs: latencies, outputLatencyMs, callbackMs };
}
