import { z } from "zod";
import { clipIdParamsSchema } from "./clips.ts";

// Studio projects and their versions. The project state itself is not
// described here: requests carry it as JSON that the server reads with parseProjectState, and pages
// read the state of a response with loadProjectState (which also repairs it, as loading should).

/** The autosave delay: a change is saved this long after the last one. */
export const AUTOSAVE_DELAY_MS = 2500;

/** Saves carry the whole state; a long song with many tracks and warp markers runs to megabytes. */
export const SAVE_PROJECT_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/** Our limit for project titles (none is required). */
export const PROJECT_TITLE_MAX = 200;

/** Versions per page of a project's history. */
export const VERSIONS_PAGE_MAX = 100;

/** Saving onto a locked version: the page opens the clone modal. */
export const VERSION_LOCKED_STATUS = 423;
/** Saving to a project someone else shared: the page offers "Duplicate project to Remix". */
export const SHARED_READ_ONLY_STATUS = 403;

export const PROJECT_NOT_FOUND = "Project not found";
/** The version texts, word for word. */
export const VERSION_NOT_FOUND = "This project version was not found or may have been deleted.";
export const VERSION_FORBIDDEN = "You do not have permission to access this project version.";
export const VERSION_LOCKED =
  "This project version is locked and read-only: clone it to your own project to keep editing";
export const SHARED_READ_ONLY =
  "This project was shared by another user and is read-only: duplicate it to your account to edit it";
export const NOT_PROJECT_OWNER = "Only the project's owner can change this";
export const CLIP_NOT_READY =
  "This song is not ready yet: open it in the studio once it has finished generating";

const projectId = z.uuid("Not a project id");
/** Version ids are whole numbers that grow with every save. */
const versionId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const versionIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, "Not a project version id")
  .transform(Number);

/** Blank titles take the default ("Untitled Project"). */
const projectTitle = z
  .string()
  .trim()
  .max(PROJECT_TITLE_MAX, `Project titles are at most ${PROJECT_TITLE_MAX} characters`);

// ---- Parameters, queries and bodies ----

export const projectIdParamsSchema = z.object({ project_id: projectId });
export const projectVersionParamsSchema = z.object({ project_id: projectId, version_id: versionIdText });
export const revisionIdParamsSchema = z.object({ revision_id: versionIdText });
export const projectForClipParamsSchema = clipIdParamsSchema;

/** POST /api/studio/create-project?title= */
export const createProjectQuerySchema = z.object({ title: projectTitle.optional() });

/**
 * POST /api/studio/save-project. `state` is checked by parseProjectState (a state without timing,
 * tracks or selection is "Invalid project state format"). `base_version_id` is the version the
 * edits were made on: a locked one refuses the save. The title, when given, is also the state's.
 */
export const saveProjectBodySchema = z.object({
  project_id: projectId,
  // Optional here so that a missing state gets the same message as any other unusable one.
  state: z.unknown().optional(),
  title: projectTitle.optional(),
  base_version_id: versionId.nullish(),
});
export type SaveProjectBody = z.input<typeof saveProjectBodySchema>;

/** POST /api/studio/project_revision/{revision_id}/clone: without a title, the version's. */
export const cloneRevisionBodySchema = z.object({ title: projectTitle.optional() });
export type CloneRevisionBody = z.input<typeof cloneRevisionBodySchema>;

/** POST /api/studio/project_revision/{revision_id}/lock (owner only). */
export const lockVersionBodySchema = z.object({ is_locked: z.boolean().default(true) });

/** POST /api/studio/project/{project_id}/share (owner only). */
export const shareProjectBodySchema = z.object({ is_shared: z.boolean() });

/** GET /api/studio/project/{project_id}/versions: newest first, pages going back with `before`. */
export const projectVersionsQuerySchema = z.object({
  before: versionIdText.optional(),
  limit: z.coerce
    .number("limit is a number")
    .int()
    .min(1)
    .max(VERSIONS_PAGE_MAX, `At most ${VERSIONS_PAGE_MAX} versions a page`)
    .default(50),
});

// ---- Responses ----

/** A saved project state: read it with loadProjectState. */
const savedState = z.unknown();

/** GET /api/studio/project/{project_id}: the latest version. */
export const studioProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  state: savedState,
  version_id: versionId,
  is_owner: z.boolean(),
  is_shared: z.boolean(),
  /**
   * The viewer edits it live: its owner, or (once shared) a member of its song's shared workspace,
   * with the collab-workspaces flag. Such a member's page edits it through the live doc only.
   */
  is_live_member: z.boolean().optional(),
  /** The latest version is locked: the project is read-only until cloned. */
  is_locked: z.boolean(),
  source_clip_id: z.string().nullable(),
  cloned_from_version_id: versionId.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StudioProject = z.infer<typeof studioProjectSchema>;

export const saveProjectResponseSchema = z.object({ version_id: versionId });
export type SaveProjectResponse = z.infer<typeof saveProjectResponseSchema>;

/** create-project, clone: the new project. */
export const createdProjectSchema = z.object({ id: z.string(), title: z.string(), version_id: versionId });
export type CreatedProject = z.infer<typeof createdProjectSchema>;

/** create-or-load-project-for-clip: `created` is false when the user already had one for the song. */
export const projectForClipSchema = createdProjectSchema.extend({ created: z.boolean() });
export type ProjectForClip = z.infer<typeof projectForClipSchema>;

/** GET /api/studio/{project_id}/version/{version_id} */
export const projectVersionSchema = z.object({
  project_id: z.string(),
  version_id: versionId,
  title: z.string(),
  state: savedState,
  is_locked: z.boolean(),
  is_owner: z.boolean(),
  /** Whether it is the project's latest version. */
  is_latest: z.boolean(),
  created_at: z.string(),
});
export type ProjectVersion = z.infer<typeof projectVersionSchema>;

/** GET /api/studio/project_revision/{revision_id}: what a version link opens, without its state. */
export const projectRevisionSchema = z.object({
  project_id: z.string(),
  version_id: versionId,
  title: z.string(),
  is_owner: z.boolean(),
  is_locked: z.boolean(),
  is_latest: z.boolean(),
});
export type ProjectRevision = z.infer<typeof projectRevisionSchema>;

export const lockVersionResponseSchema = z.object({
  project_id: z.string(),
  version_id: versionId,
  is_locked: z.boolean(),
});

export const shareProjectResponseSchema = z.object({ id: z.string(), is_shared: z.boolean() });

export const projectVersionSummarySchema = z.object({
  version_id: versionId,
  title: z.string(),
  is_locked: z.boolean(),
  created_at: z.string(),
});
export const projectVersionsSchema = z.object({
  versions: z.array(projectVersionSummarySchema),
  /** Pass as `before` for older versions; null when there are none. */
  next_before: versionId.nullable(),
});
export type ProjectVersions = z.infer<typeof projectVersionsSchema>;
