import { clamp } from "../../shared/numbers.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import type { Beats } from "../../shared/time.ts";
import { type ClipRef, updateClip } from "./project-updates.ts";

const fitFade = (value: number, room: number): number => clamp(value, 0, Math.max(room, 0));

/** Fades never overlap: the fade-in fits in what the fade-out leaves of the clip, and the other way round. */
export const setFadeIn = (state: StudioProjectState, ref: ClipRef, fadeBeats: Beats): StudioProjectState =>
  updateClip(state, ref, (clip) => {
    const fadeInBeats = fitFade(fadeBeats, clip.endBeats - clip.startBeats - clip.fadeOutBeats);
    return Number.isNaN(fadeBeats) || fadeInBeats === clip.fadeInBeats ? clip : { ...clip, fadeInBeats };
  });

export const setFadeOut = (state: StudioProjectState, ref: ClipRef, fadeBeats: Beats): StudioProjectState =>
  updateClip(state, ref, (clip) => {
    const fadeOutBeats = fitFade(fadeBeats, clip.endBeats - clip.startBeats - clip.fadeInBeats);
    return Number.isNaN(fadeBeats) || fadeOutBeats === clip.fadeOutBeats ? clip : { ...clip, fadeOutBeats };
  });
