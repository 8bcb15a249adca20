import { z } from "zod";
import { clipSchema, DEFAULT_WORKSPACE_ID, SEARCH_TEXT_MAX } from "./clips.ts";
import { pageInfoSchema, pageNumberSchema, queryBooleanSchema } from "./paged.ts";

// Workspaces, called projects in the calls (the /api/project
// calls). Every clip is in one workspace: the default one (clips.project_id null) until moved.

export { DEFAULT_WORKSPACE_ID };

/** Workspace names and descriptions are cut to 100 characters (not refused). */
export const WORKSPACE_TEXT_MAX = 100;
/** Workspaces and their clips page by 20. */
export const WORKSPACE_PAGE_SIZE = 20;
/** Clips one update call may change. */
const WORKSPACE_UPDATE_MAX = 100;
/** Our name for a workspace made without one, and for the default workspace. */
export const UNTITLED_WORKSPACE = "Untitled Workspace";
export const DEFAULT_WORKSPACE_NAME = "My Workspace";
export const WORKSPACE_NOT_FOUND = "Workspace not found";

/** Longer input is accepted and cut; blank stays blank. */
const cutText = z
  .string("Use text")
  .max(10_000, "Too long")
  .transform((text) => text.trim().slice(0, WORKSPACE_TEXT_MAX));

/** POST /api/project: a blank name is 'Untitled Workspace'. */
export const createWorkspaceBodySchema = z.object({
  name: cutText.nullish(),
  description: cutText.nullish(),
});
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBodySchema>;

/** POST /api/project/{project_id}/metadata: the fields given change; a blank name is refused. */
export const workspaceMetadataBodySchema = z
  .object({ name: cutText.optional(), description: cutText.nullish() })
  .refine((body) => body.name === undefined || body.name !== "", "A workspace needs a name");
export type WorkspaceMetadataBody = z.infer<typeof workspaceMetadataBodySchema>;

/** A workspace id in a path: our ids, or the default workspace's. Unknown ones are a 404. */
export const workspaceIdParamsSchema = z.object({
  project_id: z.string().trim().min(1, "Give a workspace id").max(200, "Not a workspace id"),
});

const searchQuery = z
  .string()
  .trim()
  .transform((text) => text.slice(0, SEARCH_TEXT_MAX))
  .optional();

/** GET /api/project/{project_id}: a page of its clips, newest first; `query` searches their titles. */
export const workspaceQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  query: searchQuery,
});

export const WORKSPACE_SORTS = ["updated_at", "created_at", "name"] as const;
export type WorkspaceSort = (typeof WORKSPACE_SORTS)[number];

/** GET /api/project/me: the caller's workspaces, last changed first unless sorted otherwise. */
export const myWorkspacesQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  sort: z.enum(WORKSPACE_SORTS, `Sort by ${WORKSPACE_SORTS.join(", ")}`).default("updated_at"),
  /** True lists the trashed (archived) workspaces instead of the active ones. */
  show_trashed: queryBooleanSchema.default(false),
  query: searchQuery,
});

const WORKSPACE_UPDATE_TYPES = ["add", "remove", "pinned", "move"] as const;

/**
 * POST /api/project/{project_id}/clips: add moves the caller's clips into the workspace; remove
 * puts them back in the default workspace; pinned pins (or, with pinned false, unpins) them in it;
 * move takes them from this workspace to target_project_id (another of the caller's, or default).
 */
export const updateWorkspaceClipsBodySchema = z
  .object({
    update_type: z.enum(WORKSPACE_UPDATE_TYPES, `Use ${WORKSPACE_UPDATE_TYPES.join(", ")}`),
    metadata: z.object({
      clip_ids: z
        .array(z.uuid("Clip ids are UUIDs"))
        .min(1, "Give at least one clip id")
        .max(WORKSPACE_UPDATE_MAX, `At most ${WORKSPACE_UPDATE_MAX} clips at a time`),
      pinned: z.boolean("pinned is true or false").optional(),
      target_project_id: z.string().trim().min(1).max(200).optional(),
    }),
  })
  .refine((body) => body.update_type !== "move" || body.metadata.target_project_id !== undefined, {
    message: "A move needs metadata.target_project_id",
    path: ["metadata", "target_project_id"],
  })
  .refine((body) => body.update_type !== "pinned" || body.metadata.pinned !== undefined, {
    message: "Say metadata.pinned true or false",
    path: ["metadata", "pinned"],
  });
export type UpdateWorkspaceClipsBody = z.infer<typeof updateWorkspaceClipsBodySchema>;

/** POST /api/project/trash: trashes a workspace, or restores it with undo_trash. */
export const trashWorkspaceBodySchema = z.object({
  project_id: z.string().trim().min(1, "Give a workspace id").max(200, "Not a workspace id"),
  undo_trash: z.boolean("undo_trash is true or false").default(false),
});

const workspaceOwnerSchema = z.object({
  user_id: z.string(),
  handle: z.string(),
  display_name: z.string(),
});

/** A workspace in lists and as the writes answer it. */
export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  owner: workspaceOwnerSchema,
  shared: z.boolean(),
  clip_count: z.number().int(),
  /** The creation time of its newest clip (ISO 8601), null when empty. */
  last_updated_clip: z.string().nullable(),
  is_trashed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

const workspaceClipEntrySchema = z.object({ clip: clipSchema });

/** GET /api/project/{project_id}: the workspace with one page of its clips. */
export const workspaceResponseSchema = workspaceSummarySchema.extend({
  project_clips: z.array(workspaceClipEntrySchema),
  pinned_clips: z.array(workspaceClipEntrySchema),
  current_page: z.number().int(),
  num_total_results: z.number().int(),
  has_more: z.boolean(),
});
export type WorkspaceResponse = z.infer<typeof workspaceResponseSchema>;

/** GET /api/project/{project_id}/pinned-clips: the workspace's pinned clips, last pinned first. */
export const pinnedClipsResponseSchema = z.object({ pinned_clips: z.array(workspaceClipEntrySchema) });
export type PinnedClipsResponse = z.infer<typeof pinnedClipsResponseSchema>;

export const myWorkspacesResponseSchema = pageInfoSchema.extend({
  projects: z.array(workspaceSummarySchema),
});
export type MyWorkspacesResponse = z.infer<typeof myWorkspacesResponseSchema>;

/** What POST /api/project/{project_id}/clips answers: the clips changed and the workspace after. */
export const updateWorkspaceClipsResponseSchema = z.object({
  update_type: z.enum(WORKSPACE_UPDATE_TYPES),
  clip_ids: z.array(z.string()),
  project: workspaceSummarySchema,
});
export type UpdateWorkspaceClipsResponse = z.infer<typeof updateWorkspaceClipsResponseSchema>;
