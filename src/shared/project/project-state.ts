import { z } from "zod";
import { summarizeIssues } from "../zod-issues.ts";
import { beatsLength } from "./bounded-numbers.ts";
import {
  DEFAULT_AMPLITUDE,
  DEFAULT_METRONOME_AMPLITUDE,
  DEFAULT_PROJECT_TITLE,
  FADER_MAX,
  FADER_MIN,
  MAX_PROJECT_TRACKS,
} from "./constants.ts";
import { loopRegionSchema } from "./loop-region.ts";
import { lyricsCorrectionSchema } from "./lyrics-correction.ts";
import { projectTimingSchema } from "./project-timing.ts";
import { migrateProjectState, PROJECT_SCHEMA_VERSION, UNVERSIONED_SCHEMA_VERSION } from "./schema-version.ts";
import { selectionSchema } from "./selection.ts";
import { newTrack, trackSchema } from "./track.ts";
import { usageFlagsSchema } from "./usage-flags.ts";
import { markersRegistrySchema } from "./warp-marker.ts";

const fader = z.number().min(FADER_MIN).max(FADER_MAX);

/**
 * The studio project as saved. Only timing, tracks and selection are required; everything else
 * takes its default. Fields this version does not know (a newer version's) are kept, here and on
 * tracks and clips, so that loading and saving here does not lose them. References between parts
 * (selected or solo ids, a timing track, a markers hash) are not checked: load normalisation deals
 * with stale ones.
 */
export const projectStateSchema = z.looseObject({
  /** The schema version that wrote the state; a newer version's number is kept as it is. */
  schemaVersion: z.int().min(UNVERSIONED_SCHEMA_VERSION).default(PROJECT_SCHEMA_VERSION),
  title: z.string().default(DEFAULT_PROJECT_TITLE),
  /** The song being edited in edit mode, else null. */
  editClipId: z.string().min(1).nullable().default(null),
  editSessionId: z.string().min(1).nullable().default(null),
  /** Master fader. */
  amplitude: fader.default(DEFAULT_AMPLITUDE),
  songFadeInBeats: beatsLength().default(0),
  songFadeOutBeats: beatsLength().default(0),
  timing: projectTimingSchema,
  metronome: z
    .object({
      enabled: z.boolean().default(false),
      amplitude: fader.default(DEFAULT_METRONOME_AMPLITUDE),
    })
    .prefault({}),
  loop: loopRegionSchema.prefault({}),
  selection: selectionSchema,
  tracks: z.array(trackSchema).max(MAX_PROJECT_TRACKS, `A project has at most ${MAX_PROJECT_TRACKS} tracks`),
  metadata: usageFlagsSchema.prefault({}),
  lyricsCorrectionsByClipId: z.record(z.string(), z.array(lyricsCorrectionSchema)).default(() => ({})),
  markersRegistry: markersRegistrySchema.default(() => ({})),
});

export type StudioProjectState = z.infer<typeof projectStateSchema>;
export type StudioProjectStateInit = Partial<z.input<typeof projectStateSchema>>;

export const INVALID_PROJECT_STATE_FORMAT = "Invalid project state format";

const REQUIRED_PARTS = ["timing", "tracks", "selection"] as const;

/**
 * Reads a saved state of any version: migrated to this one, then parsed. One without timing, tracks
 * or selection is not a project state at all and fails with "Invalid project state format"; one with
 * bad content names the bad fields.
 */
export function parseProjectState(saved: unknown): StudioProjectState {
  const raw = migrateProjectState(saved);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new Error(INVALID_PROJECT_STATE_FORMAT);
  }
  const parts = raw as Record<string, unknown>;
  if (REQUIRED_PARTS.some((part) => parts[part] === undefined || parts[part] === null)) {
    throw new Error(INVALID_PROJECT_STATE_FORMAT);
  }
  const result = projectStateSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Invalid project state: ${summarizeIssues(result.error)}`, { cause: result.error });
  }
  return result.data;
}

/** A new project: manual tempo at the fallback tempo, one empty track, nothing selected. */
export const newProjectState = (init: StudioProjectStateInit = {}): StudioProjectState =>
  projectStateSchema.parse({
    ...init,
    timing: init.timing ?? { type: "manual" },
    tracks: init.tracks ?? [newTrack()],
    selection: init.selection ?? {},
  });
