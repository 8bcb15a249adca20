import { DSP_ABI } from "../../worklets/dsp-abi.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";
import type { EqFilter } from "../shared/project/index.ts";
import type { PlannedClip, PlannedTrack, RenderPlan } from "./render-plan.ts";
import { validateRenderPlan } from "./render-plan-schema.ts";
import { SlotAllocator } from "./slot-allocator.ts";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sameBeats(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Warp maps compared as arrays: JSON of a long map would be a string per point. */
function sameClip(a: PlannedClip | undefined, b: PlannedClip): boolean {
  if (!a) return false;
  const { warp: warpA, ...restA } = a;
  const { warp: warpB, ...restB } = b;
  if ((warpA ?? null) === null || (warpB ?? null) === null) {
    if ((warpA ?? null) !== (warpB ?? null)) return false;
  } else if (!sameBeats(warpA as Float64Array, warpB as Float64Array)) return false;
  return same(restA, restB);
}

/**
 * Turns successive render plans into the few patches that change the engine
 * from one to the next. A plan that does not validate throws before anything
 * changes, so the engine keeps playing the last good one.
 */
export class PlanSync {
  readonly tracks = new SlotAllocator(DSP_ABI.maxTracks, "tracks");
  private readonly clips = new SlotAllocator(DSP_ABI.maxClips, "clips");
  private previous: RenderPlan | null = null;

  constructor(private readonly sourceSlot: (sourceId: string) => number | undefined) {}

  patchesFor(plan: RenderPlan): EnginePatch[] {
    validateRenderPlan(plan, (id) => this.sourceSlot(id) !== undefined);
    const before = this.previous;
    const patches: EnginePatch[] = [];
    const oldTracks = new Map(before?.tracks.map((track) => [track.id, track]));
    const oldClips = new Map(before?.clips.map((clip) => [clip.id, clip]));
    const newTracks = new Set(plan.tracks.map((track) => track.id));
    const newClips = new Set(plan.clips.map((clip) => clip.id));

    // Removals first, so their slots are free for this plan's additions.
    for (const id of oldClips.keys()) {
      if (!newClips.has(id)) patches.push({ op: "clip-remove", slot: this.clips.release(id) as number });
    }
    for (const id of oldTracks.keys()) {
      if (!newTracks.has(id)) patches.push({ op: "track-remove", slot: this.tracks.release(id) as number });
    }
    for (const track of plan.tracks) {
      if (!same(oldTracks.get(track.id), track)) patches.push(this.trackPatch(track));
    }
    for (const clip of plan.clips) {
      const old = oldClips.get(clip.id);
      const trackMoved = old !== undefined && old.trackId !== clip.trackId;
      if (!sameClip(old, clip) || trackMoved) patches.push(this.clipPatch(clip));
    }
    if (!same(before?.master, plan.master)) patches.push({ op: "master", ...plan.master });
    if (!same(before?.loop, plan.loop)) patches.push({ op: "loop", ...plan.loop });
    const metronome = plan.metronome;
    if (
      !before ||
      before.metronome.enabled !== metronome.enabled ||
      before.metronome.amplitude !== metronome.amplitude ||
      before.metronome.beatsPerBar !== metronome.beatsPerBar ||
      !sameBeats(before.metronome.beats, metronome.beats)
    ) {
      patches.push({ op: "metronome", ...metronome });
    }
    this.previous = plan;
    return patches;
  }

  private trackPatch(track: PlannedTrack): EnginePatch {
    const { amplitude, balance, mute, solo, eq } = track;
    const pass = (filter: EqFilter) => ({ ...filter, gain: 0 });
    return {
      op: "track",
      slot: this.tracks.assign(track.id),
      amplitude,
      balance,
      mute,
      solo,
      eq: {
        enabled: eq.enabled,
        stages: [pass(eq.highPassFilter), eq.band1, eq.band2, eq.band3, eq.band4, pass(eq.lowPassFilter)],
      },
    };
  }

  private clipPatch(clip: PlannedClip): EnginePatch {
    const { id, trackId, sourceId, ...sound } = clip;
    return {
      op: "clip",
      slot: this.clips.assign(id),
      track: this.tracks.slotOf(trackId) as number,
      source: this.sourceSlot(sourceId) as number,
      ...sound,
    };
  }
}
