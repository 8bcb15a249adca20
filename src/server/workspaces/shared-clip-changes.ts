import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { WorkspaceChangeAction } from "../../shared/api/workspace-collaboration.ts";
import type { Database, User } from "../db/schema.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

/** The shared workspaces holding some of these clips, each with the ids of the ones it holds. */
export async function sharedWorkspacesHolding(
  db: Kysely<Database>,
  clipIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byWorkspace = new Map<string, string[]>();
  if (clipIds.length === 0) return byWorkspace;
  const rows = await db
    .selectFrom("clips")
    .innerJoin("workspaces as w", "w.id", "clips.project_id")
    .select(["clips.id", "w.id as workspace_id"])
    .where("clips.id", "in", [...clipIds])
    .where("w.is_shared", "=", true)
    .execute();
  for (const row of rows)
    byWorkspace.set(row.workspace_id, [...(byWorkspace.get(row.workspace_id) ?? []), row.id]);
  return byWorkspace;
}

/**
 * Tells each shared workspace holding some of these clips that a member changed them (a trash or a
 * restore), so the other members' open lists reload. Only shared workspaces have anyone to tell.
 * A failure is logged: the change it reports stands.
 */
export async function announceSharedClipChange(
  ctx: { readonly db: Kysely<Database>; readonly realtime: RealtimeHub; readonly log: FastifyBaseLogger },
  actor: Pick<User, "id" | "handle">,
  action: WorkspaceChangeAction,
  clipIds: readonly string[],
): Promise<void> {
  try {
    for (const [workspaceId, ids] of await sharedWorkspacesHolding(ctx.db, clipIds)) {
      await ctx.realtime.workspaceChanged({
        project: workspaceId,
        action,
        userId: actor.id,
        handle: actor.handle,
        clipIds: ids,
      });
    }
  } catch (error) {
    ctx.log.error({ err: error }, "could not tell shared workspaces of a change");
  }
}
