import type { DspExports } from "../../worklets/dsp-abi.ts";
import type { StudioProjectState } from "../shared/project/index.ts";
import { type RenderedAudio, renderOffline } from "./offline-render.ts";
import { ProjectSession } from "./project-session.ts";
import { resamplePcm } from "./resample-pcm.ts";

/** A source's decoded audio at its own rate. */
export interface SourceAudio {
  readonly sampleRate: number;
  readonly channels: readonly Float32Array[];
}

/**
 * Renders a project from its start to the end of its last clip, as an export
 * does: the transport loop and the metronome are left out. Sources at other
 * rates are converted with the engine's band-limited resampler first.
 */
export function renderProject(
  dsp: DspExports,
  state: StudioProjectState,
  sources: ReadonlyMap<string, SourceAudio>,
  sampleRate: number,
): RenderedAudio {
  return renderProjectRange(dsp, state, sources, sampleRate, null);
}

/**
 * Renders timeline frames [from, to) of a project as playing that range would sound (what started
 * before `from` is heard where it still plays); with no range, the whole song as renderProject.
 */
export function renderProjectRange(
  dsp: DspExports,
  state: StudioProjectState,
  sources: ReadonlyMap<string, SourceAudio>,
  sampleRate: number,
  range: { readonly from: number; readonly to: number } | null,
): RenderedAudio {
  const session = new ProjectSession(sampleRate);
  const patches = [...sources].map(([id, audio]) =>
    session.loadSource(id, resamplePcm(dsp, audio.channels, audio.sampleRate, sampleRate)),
  );
  const exported: StudioProjectState = {
    ...state,
    loop: { ...state.loop, enabled: false },
    metronome: { ...state.metronome, enabled: false },
  };
  patches.push(...session.update(exported));
  if (range === null) return renderOffline(dsp, sampleRate, patches, session.plan?.songEnd ?? 0);
  patches.push({ op: "seek", frame: range.from });
  return renderOffline(dsp, sampleRate, patches, Math.max(0, range.to - range.from));
}
