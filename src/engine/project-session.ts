import { DSP_ABI } from "../../worklets/dsp-abi.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";
import type { StudioProjectState } from "../shared/project/index.ts";
import { PlanSync } from "./plan-sync.ts";
import { buildRenderPlan, type LoadedSource, type RenderPlan } from "./render-plan.ts";
import { SlotAllocator } from "./slot-allocator.ts";

/** A source's PCM at the engine's rate, one array per channel (one or two). */
export type SourcePcm = readonly Float32Array[];

/**
 * What the host keeps per engine: which sources are loaded where, and the plan
 * it last sent. Each call returns the patches that bring the engine up to date.
 */
export class ProjectSession {
  private readonly sourceSlots = new SlotAllocator(DSP_ABI.maxSources, "sources");
  private readonly sources = new Map<string, LoadedSource>();
  private readonly sync = new PlanSync((id) => this.sourceSlots.slotOf(id));
  plan: RenderPlan | null = null;

  constructor(readonly sampleRate: number) {}

  /** Patches that load a source's PCM; a clip plays it once the next plan refers to it. */
  loadSource(id: string, pcm: SourcePcm): EnginePatch {
    const frames = pcm[0]?.length ?? 0;
    if (frames === 0 || pcm.length > 2 || pcm.some((channel) => channel.length !== frames)) {
      throw new RangeError(`Source ${id} must have one or two channels of equal, non-zero length`);
    }
    const slot = this.sourceSlots.assign(id);
    this.sources.set(id, { frames });
    return { op: "source", slot, frames, data: pcm };
  }

  /** The patches that make the engine play this state; throws, changing nothing, if it cannot. */
  update(state: StudioProjectState): EnginePatch[] {
    const plan = buildRenderPlan(state, this.sources, this.sampleRate);
    const patches = this.sync.patchesFor(plan);
    this.plan = plan;
    return patches;
  }

  /** The meters' slot of a track, if the engine has it. */
  trackSlot(trackId: string): number | undefined {
    return this.sync.tracks.slotOf(trackId);
  }
}
