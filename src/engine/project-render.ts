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
  const frames = session.plan?.songEnd ?? 0;
  return renderOffline(dsp, sampleRate, patches, frames);
}
