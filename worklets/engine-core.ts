import type { DspExports } from "./dsp-abi.ts";
import { QUANTUM_FRAMES } from "./dsp-abi.ts";
import type { EnginePatch } from "./engine-protocol.ts";

/**
 * Frames of source PCM copied into wasm memory per render quantum. Copying a
 * whole song at once would stall the audio thread; a bounded slice per quantum
 * (about 1 MB for stereo) keeps each quantum's cost flat, and the source plays
 * as far as it has arrived meanwhile, like a streaming clip.
 */
const COPY_FRAMES_PER_QUANTUM = 131_072;

interface PendingCopy {
  readonly slot: number;
  readonly data: readonly Float32Array[];
  /** Frame of the source where data[0][0] belongs. */
  readonly offset: number;
  copied: number;
}

/** Views over wasm memory, remade only when memory grows. */
export interface EngineViews {
  readonly left: Float32Array;
  readonly right: Float32Array;
  readonly meters: Float32Array;
  readonly heap: Float32Array;
}

/**
 * One engine instance over the wasm: applies patches and renders quanta. The
 * worklet processor and offline render both drive it, so the two paths are the
 * same code for the same patches.
 */
export class EngineCore {
  private readonly handle: number;
  private readonly sourceData = new Map<number, { ptr: number; frames: number; channels: number }>();
  private readonly pending: PendingCopy[] = [];
  private metronomeBeats = 0;
  /** Each clip slot's warp map in wasm memory (kept alive while the clip uses it). */
  private readonly clipMaps = new Map<number, number>();
  private views!: EngineViews;
  private viewsBuffer: ArrayBuffer | null = null;

  constructor(
    private readonly dsp: DspExports,
    readonly sampleRate: number,
  ) {
    this.handle = dsp.engineCreate(sampleRate);
  }

  apply(patch: EnginePatch): void {
    const { dsp, handle } = this;
    switch (patch.op) {
      case "track":
        dsp.engineTrackSet(handle, patch.slot, patch.amplitude, patch.balance, patch.mute, patch.solo);
        dsp.engineTrackEq(handle, patch.slot, patch.eq.enabled);
        patch.eq.stages.forEach((stage, index) => {
          dsp.engineTrackEqStage(
            handle,
            patch.slot,
            index,
            stage.enabled,
            stage.frequency,
            stage.q,
            stage.gain,
          );
        });
        return;
      case "track-remove":
        dsp.engineTrackRemove(handle, patch.slot);
        return;
      case "clip":
        dsp.engineClipSet(
          handle,
          patch.slot,
          patch.track,
          patch.source,
          patch.start,
          patch.end,
          patch.sourceStart,
          patch.amplitude,
          patch.mute,
          patch.fadeIn,
          patch.fadeOut,
          patch.loop.enabled,
          patch.loop.start,
          patch.loop.end,
        );
        this.setClipStretch(patch.slot, patch.transposition ?? 0, patch.formant ?? false, patch.warp ?? null);
        return;
      case "clip-remove": {
        dsp.engineClipRemove(handle, patch.slot);
        const map = this.clipMaps.get(patch.slot);
        if (map !== undefined) dsp.free(map);
        this.clipMaps.delete(patch.slot);
        return;
      }
      case "source": {
        this.dropPending(patch.slot);
        const ptr = dsp.engineSourceLoad(handle, patch.slot, patch.frames, patch.data.length);
        this.sourceData.set(patch.slot, { ptr, frames: patch.frames, channels: patch.data.length });
        this.pending.push({ slot: patch.slot, data: patch.data, offset: 0, copied: 0 });
        return;
      }
      case "source-append":
        this.pending.push({ slot: patch.slot, data: patch.data, offset: patch.offset, copied: 0 });
        return;
      case "source-release":
        this.dropPending(patch.slot);
        this.sourceData.delete(patch.slot);
        dsp.engineSourceRelease(handle, patch.slot);
        return;
      case "master":
        dsp.engineMasterSet(
          handle,
          patch.amplitude,
          patch.songFadeInEnd,
          patch.songFadeOutStart,
          patch.songFadeOutEnd,
        );
        return;
      case "loop":
        dsp.engineLoopSet(handle, patch.enabled, patch.start, patch.end);
        return;
      case "metronome": {
        const previous = this.metronomeBeats;
        this.metronomeBeats = patch.beats.length > 0 ? dsp.alloc(patch.beats.byteLength) : 0;
        if (this.metronomeBeats) {
          new Float64Array(dsp.memory.buffer, this.metronomeBeats, patch.beats.length).set(patch.beats);
        }
        dsp.engineMetronomeSet(
          handle,
          patch.enabled,
          patch.amplitude,
          patch.beatsPerBar,
          this.metronomeBeats,
          patch.beats.length,
        );
        if (previous) dsp.free(previous);
        return;
      }
      case "play":
        dsp.enginePlay(handle);
        return;
      case "stop":
        dsp.engineStop(handle);
        return;
      case "seek":
        dsp.engineSeek(handle, patch.frame);
        return;
    }
  }

  /** Hands the clip its transposition and warp map; the previous map is freed once the clip no longer reads it. */
  private setClipStretch(
    slot: number,
    transposition: number,
    formant: boolean,
    warp: Float64Array | null,
  ): void {
    const { dsp, handle } = this;
    const previous = this.clipMaps.get(slot) ?? 0;
    const count = warp ? warp.length >> 1 : 0;
    const map = count > 0 ? dsp.alloc(count * 16) : 0;
    if (map && warp) new Float64Array(dsp.memory.buffer, map, count * 2).set(warp.subarray(0, count * 2));
    dsp.engineClipStretch(handle, slot, transposition, formant, map, count);
    if (map) this.clipMaps.set(slot, map);
    else this.clipMaps.delete(slot);
    if (previous) dsp.free(previous);
  }

  /** Renders one quantum; the returned views stay valid until the next call. */
  render(): EngineViews {
    if (this.pending.length > 0) this.copySome();
    this.dsp.engineRender(this.handle);
    return this.currentViews();
  }

  get position(): number {
    return this.dsp.enginePosition(this.handle);
  }

  /** Frames by which the output trails the transport: the master limiter's lookahead. */
  get latencyFrames(): number {
    return this.dsp.engineLatencyFrames(this.handle);
  }

  get playing(): boolean {
    return this.dsp.enginePlaying(this.handle) !== 0;
  }

  /** True while some source PCM is still being copied in. */
  get loading(): boolean {
    return this.pending.length > 0;
  }

  private currentViews(): EngineViews {
    const buffer = this.dsp.memory.buffer;
    // Memory growth (a source loaded) replaces the buffer: views are remade only then.
    if (buffer !== this.viewsBuffer) {
      const { dsp, handle } = this;
      this.viewsBuffer = buffer;
      this.views = {
        left: new Float32Array(buffer, dsp.engineOutputLeft(handle), QUANTUM_FRAMES),
        right: new Float32Array(buffer, dsp.engineOutputRight(handle), QUANTUM_FRAMES),
        meters: new Float32Array(buffer, dsp.engineMeters(handle), (dsp.maxTracks() + 1) * dsp.meterFloats()),
        heap: new Float32Array(buffer),
      };
    }
    return this.views;
  }

  private dropPending(slot: number): void {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      if (this.pending[i].slot === slot) this.pending.splice(i, 1);
    }
  }

  /** Copies all pending PCM now: for offline rendering, where no deadline applies. */
  finishLoading(): void {
    while (this.pending.length > 0) this.copySome(Number.POSITIVE_INFINITY);
  }

  private copySome(budgetFrames = COPY_FRAMES_PER_QUANTUM): void {
    let budget = budgetFrames;
    while (budget > 0 && this.pending.length > 0) {
      const copy = this.pending[0];
      const target = this.sourceData.get(copy.slot);
      const length = copy.data[0]?.length ?? 0;
      if (!target) {
        this.pending.shift();
        continue;
      }
      const count = Math.min(budget, length - copy.copied, target.frames - copy.offset - copy.copied);
      if (count > 0) {
        const heap = this.currentViews().heap;
        for (let channel = 0; channel < target.channels; channel++) {
          const from = copy.data[Math.min(channel, copy.data.length - 1)];
          const at = target.ptr / 4 + channel * target.frames + copy.offset;
          // An index loop rather than set(subarray()): no view objects on the audio thread.
          // Non-finite samples become silence here, once, instead of being guarded every quantum.
          for (let k = copy.copied; k < copy.copied + count; k++) {
            const sample = from[k];
            heap[at + k] = Number.isFinite(sample) ? sample : 0;
          }
        }
        copy.copied += count;
        budget -= count;
        this.dsp.engineSourceArrived(this.handle, copy.slot, copy.offset + copy.copied);
      }
      if (count <= 0 || copy.copied >= length) this.pending.shift();
    }
  }
}
