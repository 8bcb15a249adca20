// The studio projects the editor plays on the studio's engine and canvas: the song alone on one
// track in edit mode, or the stem editor's tracks as a mix. Pure functions of what the editor
// holds, so the engine and the canvas always follow it.

import {
  newClip,
  newProjectState,
  newTrack,
  projectStateForClip,
  type SourceClip,
  type StudioProjectState,
} from "../../shared/project/index.ts";
import { beats, seconds } from "../../shared/time.ts";
import { beatsToSeconds, createTempoMap, secondsToBeats } from "../../shared/timing/tempo-map.ts";
import { normalizeProjectState } from "../editing/index.ts";
import { heardClips } from "../export/build-export.ts";
import type { SelectionRange } from "./edit-session.ts";
import type { StemEditorState } from "./stem-tracks.ts";

/** Selections snap to 0.2 s. */
export const SELECTION_STEP_S = 0.2;

/** Steps per second, a whole number, so snapped values are the nearest doubles to their decimals. */
const STEPS_PER_SECOND = Math.round(1 / SELECTION_STEP_S);
const snap = (value: number) => Math.round(value * STEPS_PER_SECOND) / STEPS_PER_SECOND;

/**
 * The song alone on one track in edit mode (amplitude 1, balance 0, neither muted nor soloed; the
 * studio keeps that one track and refuses to delete it), titled "Untitled" when the song has no title.
 */
export function editModeProject(clip: SourceClip, editSessionId: string): StudioProjectState {
  const base = projectStateForClip(clip);
  return normalizeProjectState({
    ...base,
    title: clip.title.trim() || "Untitled",
    editClipId: clip.id,
    editSessionId,
  });
}

/** The project's time selection in seconds, snapped to 0.2 s; null when nothing is selected. */
export function selectionRangeOf(project: StudioProjectState): SelectionRange | null {
  const { anchorBeats, focusBeats } = project.selection;
  const tempo = createTempoMap(project.timing);
  const start = snap(beatsToSeconds(tempo, beats(Math.min(anchorBeats, focusBeats))));
  const end = snap(beatsToSeconds(tempo, beats(Math.max(anchorBeats, focusBeats))));
  return end > start ? { start, end } : null;
}

/** The project with its time selection set to a range in seconds (restoring a saved session). */
export function withSelectionRange(
  project: StudioProjectState,
  range: SelectionRange | null,
): StudioProjectState {
  const tempo = createTempoMap(project.timing);
  const anchorBeats = range === null ? 0 : secondsToBeats(tempo, seconds(range.start));
  const focusBeats = range === null ? 0 : secondsToBeats(tempo, seconds(range.end));
  return { ...project, selection: { ...project.selection, anchorBeats, focusBeats } };
}

/** The stem editor's tracks as a studio project at the song's tempo, for the engine and canvas. */
export function stemMixProject(state: StemEditorState, bps: number, title: string): StudioProjectState {
  const tracks = state.tracks.map((track) =>
    newTrack({
      id: track.id,
      name: track.name,
      amplitude: track.amplitude,
      balance: track.balance,
      solo: track.solo,
      mute: track.mute,
      height: track.height,
      clips: track.arrangedClips.map((clip) =>
        newClip({
          id: clip.id,
          clipId: clip.clipId,
          name: clip.title,
          startBeats: clip.startSeconds * bps,
          endBeats: clip.endSeconds * bps,
          readStartBeats: clip.readStartSeconds * bps,
        }),
      ),
    }),
  );
  return newProjectState({ title, timing: { type: "manual", bps }, tracks });
}

/**
 * What a mix saved from the stem editor is made of: the song it remixes, and the songs and stems
 * heard in it (muted tracks and those silenced by another's solo left out), each once.
 */
export function stemMixSources(state: StemEditorState, songId: string) {
  const project = stemMixProject(state, 1, "");
  const heard = heardClips(project).flatMap(({ clip }) => (clip.clipId === null ? [] : [clip.clipId]));
  return { stem_remix_of_clip_id: songId, combined_from_clip_ids: [...new Set(heard)] };
}
