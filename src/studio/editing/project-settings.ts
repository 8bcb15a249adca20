// Transport and master edits: the loop switch and range, the master fader, the tempo.

import { clamp } from "../../shared/numbers.ts";
import { FADER_MAX, FADER_MIN, type StudioProjectState } from "../../shared/project/index.ts";

export const toggleLoop = (state: StudioProjectState): StudioProjectState => ({
  ...state,
  loop: { ...state.loop, enabled: !state.loop.enabled },
});

/** The loop's ends in either order; the start never goes before the timeline's start. */
export function setLoopRange(state: StudioProjectState, a: number, b: number): StudioProjectState {
  if (Number.isNaN(a) || Number.isNaN(b)) return state;
  const startBeats = Math.max(0, Math.min(a, b));
  const endBeats = Math.max(0, Math.max(a, b));
  if (startBeats === state.loop.startBeats && endBeats === state.loop.endBeats) return state;
  return { ...state, loop: { ...state.loop, startBeats, endBeats } };
}

export function setMasterAmplitude(state: StudioProjectState, amplitude: number): StudioProjectState {
  if (Number.isNaN(amplitude)) return state;
  const clamped = clamp(amplitude, FADER_MIN, FADER_MAX);
  return clamped === state.amplitude ? state : { ...state, amplitude: clamped };
}

/** The tempo range the transport accepts, in beats per minute. */
export const BPM_MIN = 20;
export const BPM_MAX = 400;

/** A manual tempo without automation; a project with tempo automation keeps it (edited elsewhere). */
export function setTempoBpm(state: StudioProjectState, bpm: number): StudioProjectState {
  if (Number.isNaN(bpm) || state.timing.bpsAutomation.length > 0) return state;
  const bps = clamp(bpm, BPM_MIN, BPM_MAX) / 60;
  return bps === state.timing.bps ? state : { ...state, timing: { ...state.timing, bps } };
}

export const setProjectTitle = (state: StudioProjectState, title: string): StudioProjectState =>
  title === state.title ? state : { ...state, title };
