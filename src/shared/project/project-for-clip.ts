// The studio project that holds one song: the studio opens it for a song of the library, and the
// editor opens it in edit mode. Pure, so the server and the pages build the same project.

import {
  DEFAULT_BPS,
  DEFAULT_CLIP_LENGTH_BEATS,
  DEFAULT_CLIP_NAME,
  DEFAULT_PROJECT_TITLE,
  DEFAULT_TRACK_NAME,
} from "./constants.ts";
import { newProjectState, type StudioProjectState } from "./project-state.ts";
import { newClip } from "./studio-clip.ts";
import { newTrack } from "./track.ts";

/** Tempos a song's measured BPM may set; outside them the measurement is not trusted. */
const BPM_RANGE = { min: 30, max: 300 } as const;

export interface SourceClip {
  readonly id: string;
  readonly title: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

const positive = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;

/** The song's own tempo when it is known, so the grid and metronome fall on its beats. */
function tempoOf(metadata: Record<string, unknown>): number {
  const bpm = positive(metadata.avg_bpm);
  return bpm !== null && bpm >= BPM_RANGE.min && bpm <= BPM_RANGE.max ? bpm / 60 : DEFAULT_BPS;
}

/**
 * A project holding the song on one track from beat 0, as long as the song at the project's tempo
 * (960 beats when its duration is not known yet). The track is selected.
 */
export function projectStateForClip(clip: SourceClip): StudioProjectState {
  const bps = tempoOf(clip.metadata);
  const seconds = positive(clip.metadata.duration);
  const title = clip.title.trim();
  const track = newTrack({
    name: title || DEFAULT_TRACK_NAME,
    clips: [
      newClip({
        clipId: clip.id,
        name: title || DEFAULT_CLIP_NAME,
        startBeats: 0,
        endBeats: seconds === null ? DEFAULT_CLIP_LENGTH_BEATS : seconds * bps,
      }),
    ],
  });
  return newProjectState({
    title: title || DEFAULT_PROJECT_TITLE,
    timing: { type: "manual", bps },
    tracks: [track],
    selection: { trackIds: [track.id], focusedTrackId: track.id },
  });
}
