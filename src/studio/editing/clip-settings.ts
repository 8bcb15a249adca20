import { clamp } from "../../shared/numbers.ts";
import {
  FADER_MAX,
  FADER_MIN,
  type StudioClip,
  type StudioProjectState,
  TRANSPOSITION_MAX,
  TRANSPOSITION_MIN,
  WARP_SPEED_MAX,
  WARP_SPEED_MIN,
} from "../../shared/project/index.ts";
import { type ClipRef, updateClip } from "./project-updates.ts";

/** Whole semitones, -24..24. */
export const clampTransposition = (semitones: number): number =>
  clamp(Math.round(semitones), TRANSPOSITION_MIN, TRANSPOSITION_MAX);

/**
 * Reads the transposition field as typed: an optional sign (a leading plus included) and a number,
 * with spaces around it. Anything else is not a number and gives null, so the entry is ignored and
 * the clip keeps its value.
 */
export function parseTransposition(text: string): number | null {
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*$/.exec(text);
  return match === null ? null : clampTransposition(Number(match[1]));
}

export const setClipTransposition = (
  state: StudioProjectState,
  ref: ClipRef,
  semitones: number,
): StudioProjectState =>
  updateClip(state, ref, (clip) => {
    if (Number.isNaN(semitones)) return clip;
    const transposition = clampTransposition(semitones);
    return transposition === clip.transposition ? clip : { ...clip, transposition };
  });

/** Keeps (or not) the formants while transposing: a vocal transposed far stays a natural voice. */
export const setClipPreserveFormants = (
  state: StudioProjectState,
  ref: ClipRef,
  preserveFormants: boolean,
): StudioProjectState =>
  updateClip(state, ref, (clip) =>
    clip.preserveFormants === preserveFormants ? clip : { ...clip, preserveFormants },
  );

function withSpeed(clip: StudioClip, speed: number): StudioClip {
  if (Number.isNaN(speed)) return clip;
  const clamped = clamp(speed, WARP_SPEED_MIN, WARP_SPEED_MAX);
  return clamped === clip.warp.speed ? clip : { ...clip, warp: { ...clip.warp, speed: clamped } };
}

/** Sets the clip's warp speed, clamped to 1/128..128; the clip's place on the timeline does not change. */
export const setClipSpeed = (state: StudioProjectState, ref: ClipRef, speed: number): StudioProjectState =>
  updateClip(state, ref, (clip) => withSpeed(clip, speed));

export const halveClipSpeed = (state: StudioProjectState, ref: ClipRef): StudioProjectState =>
  updateClip(state, ref, (clip) => withSpeed(clip, clip.warp.speed / 2));

export const doubleClipSpeed = (state: StudioProjectState, ref: ClipRef): StudioProjectState =>
  updateClip(state, ref, (clip) => withSpeed(clip, clip.warp.speed * 2));

/** The clip's fader, 0..1. */
export const setClipVolume = (
  state: StudioProjectState,
  ref: ClipRef,
  amplitude: number,
): StudioProjectState =>
  updateClip(state, ref, (clip) => {
    if (Number.isNaN(amplitude)) return clip;
    const clamped = clamp(amplitude, FADER_MIN, FADER_MAX);
    return clamped === clip.amplitude ? clip : { ...clip, amplitude: clamped };
  });
