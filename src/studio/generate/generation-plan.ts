// What a press of Generate asks for, read from the project: the mode the selection chooses and why
// it may not run, the target track, the range and the context rendered around it, in beats and in
// seconds of the render (which starts at the context's start).

import type { StudioProjectState, Track } from "../../shared/project/index.ts";
import { generateBlockingMessage } from "../../shared/studio-generate/blocking-messages.ts";
import {
  chooseGenerateMode,
  type EndSelectionMode,
  type GenerateMode,
  type ReplaceMode,
  rangeSurroundings,
} from "../../shared/studio-generate/generate-mode.ts";
import { type BeatRange, contextRange } from "../../shared/studio-generate/infill-context.ts";
import { beats } from "../../shared/time.ts";
import { beatsToSeconds, bpsAt, createTempoMap } from "../../shared/timing/tempo-map.ts";

export interface GenerateSettings {
  readonly replaceMode: ReplaceMode;
  readonly endSelectionMode: EndSelectionMode;
  /** Beats of context each side in classic replace and create. */
  readonly contextWindowBeats: number;
  readonly editMode: boolean;
}

export interface GenerationPlan {
  readonly mode: GenerateMode | null;
  /** Why Generate cannot run, word for word; null when it can. */
  readonly blocked: string | null;
  readonly trackId: string | null;
  readonly range: BeatRange;
  readonly lengthSeconds: number;
  /** The beats rendered as the generation's source. */
  readonly context: BeatRange;
  /** Whether the context window applies (and shows): classic replace, and create. */
  readonly windowShown: boolean;
  /** The project's tempo where the range starts, in beats per minute. */
  readonly tempoBpm: number;
  /** The library songs the target track plays in the context, whose styles name the project's key. */
  readonly songIds: readonly string[];
  /** Seconds in the render: the range, and the context (0 to its length). */
  readonly seconds: {
    readonly infillStart: number;
    readonly infillEnd: number;
    readonly contextEnd: number;
  };
}

/** The track generated onto: the focused one, else the first selected one. */
const targetTrack = (state: StudioProjectState): Track | undefined => {
  const { focusedTrackId, trackIds } = state.selection;
  const id = focusedTrackId ?? trackIds[0];
  return state.tracks.find((track) => track.id === id);
};

/** The range of the selection, in order, never before 0. */
export const selectedRange = (state: StudioProjectState): BeatRange => {
  const { anchorBeats, focusBeats } = state.selection;
  return {
    startBeats: Math.max(0, Math.min(anchorBeats, focusBeats)),
    endBeats: Math.max(0, anchorBeats, focusBeats),
  };
};

export function planGeneration(state: StudioProjectState, settings: GenerateSettings): GenerationPlan {
  const track = targetTrack(state);
  const clips = track?.clips ?? [];
  const range = selectedRange(state);
  const tempo = createTempoMap(state.timing);
  const secondsAt = (position: number) => beatsToSeconds(tempo, beats(position)) as number;
  const lengthSeconds = secondsAt(range.endBeats) - secondsAt(range.startBeats);
  const mode = chooseGenerateMode({
    ...rangeSurroundings(clips, range.startBeats, range.endBeats),
    editMode: settings.editMode,
    endSelectionMode: settings.endSelectionMode,
  });
  const windowShown = mode === "create" || (mode === "replace" && settings.replaceMode === "classic");
  const content =
    clips.length === 0
      ? range
      : {
          startBeats: Math.min(...clips.map((clip) => clip.startBeats)),
          endBeats: Math.max(...clips.map((clip) => clip.endBeats)),
        };
  const context = contextRange({
    range,
    content,
    windowBeats: windowShown ? settings.contextWindowBeats : null,
    extend: mode === "extend",
  });
  const origin = secondsAt(context.startBeats);
  const blocked =
    track === undefined
      ? generateBlockingMessage({
          mode: null,
          editMode: false,
          replaceMode: settings.replaceMode,
          lengthSeconds,
        })
      : generateBlockingMessage({
          mode,
          editMode: settings.editMode,
          replaceMode: settings.replaceMode,
          lengthSeconds,
        });
  return {
    mode,
    blocked,
    trackId: track?.id ?? null,
    range,
    lengthSeconds,
    context,
    windowShown,
    tempoBpm: bpsAt(tempo, beats(range.startBeats)) * 60,
    songIds: [
      ...new Set(
        clips
          .filter((clip) => clip.startBeats < context.endBeats && clip.endBeats > context.startBeats)
          .flatMap((clip) => (clip.clipId === null ? [] : [clip.clipId])),
      ),
    ],
    seconds: {
      infillStart: secondsAt(range.startBeats) - origin,
      infillEnd: secondsAt(range.endBeats) - origin,
      contextEnd: secondsAt(context.endBeats) - origin,
    },
  };
}

/**
 * The state the context render hears: the target track alone, so a result placed back on it does
 * not double the other tracks; solo and mute cleared so it is heard, the take lanes left out.
 */
export function contextRenderState(state: StudioProjectState, trackId: string): StudioProjectState {
  const tracks = state.tracks
    .filter((track) => track.id === trackId)
    .map((track) => ({
      ...track,
      mute: false,
      solo: false,
      soloTakeLaneId: null,
      takeLanes: [],
      clipCreationIntents: [],
    }));
  return { ...state, tracks };
}
