import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  ablyUpdateBodySchema,
  type CollaboratorRemoved,
  type CollaboratorsResponse,
  type Invite,
  type InvitesResponse,
  inviteBodySchema,
  inviteIdParamsSchema,
  inviteResponseBodySchema,
  removeCollaboratorSchema,
} from "../../shared/api/workspace-collaboration.ts";
import { workspaceIdParamsSchema } from "../../shared/api/workspaces.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { raise, raiseContext } from "../notifications/raise.ts";
import {
  inviteToWorkspace,
  leaveWorkspace,
  listCollaborators,
  myInvites,
  removeCollaborator,
  respondToInvite,
} from "../workspaces/collaborators.ts";
import { memberWorkspace } from "../workspaces/members.ts";
import { workspaceKey } from "../workspaces/workspace-store.ts";

/**
 * Shared workspaces: invites, their answers, the collaborators, and the members' own call telling
 * the others to reload (ably-update, named after the upstream service's realtime provider).
 */
export function registerWorkspaceCollaborationRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const projectId = (request: FastifyRequest) =>
    parseInput(workspaceIdParamsSchema, request.params, "path").project_id;

  /** A realtime push never undoes the change it reports: a failure is logged. */
  const push = async (what: string, send: () => Promise<void>) => {
    try {
      await send();
    } catch (error) {
      app.log.error({ err: error }, `could not push ${what}`);
    }
  };

  app.get("/api/project/invites", async (request): Promise<InvitesResponse> => {
    const user = requireUser(request);
    return { invites: await myInvites(db, user.id) };
  });

  app.put("/api/project/invites/:invite_id", async (request): Promise<Invite> => {
    const user = requireUser(request);
    const { invite_id } = parseInput(inviteIdParamsSchema, request.params, "path");
    const { status } = parseInput(inviteResponseBodySchema, request.body);
    const invite = await respondToInvite(db, user.id, invite_id, status);
    if (status === "accepted") {
      await push("a new member", () =>
        app.realtime.workspaceChanged({
          project: invite.project_id,
          action: "member_joined",
          userId: user.id,
          handle: user.handle,
        }),
      );
    }
    return invite;
  });

  app.post("/api/project/:project_id/invite", async (request): Promise<Invite> => {
    const user = requireUser(request);
    const id = projectId(request);
    const { invited_user_id } = parseInput(inviteBodySchema, request.body);
    const invite = await inviteToWorkspace(db, user, id, invited_user_id);
    await raise(raiseContext(db, request), {
      recipientId: invite.invited_user.user_id,
      actorId: user.id,
      type: "workspace_invite",
      subject: invite.project_id,
      content: { project_id: invite.project_id, title: invite.project_name },
    });
    return invite;
  });

  app.get("/api/project/:project_id/collaborators", async (request): Promise<CollaboratorsResponse> => {
    const user = requireUser(request);
    return listCollaborators(db, user.id, projectId(request));
  });

  app.delete("/api/project/:project_id/collaborators", async (request): Promise<CollaboratorRemoved> => {
    const user = requireUser(request);
    const id = projectId(request);
    // The user to remove comes in the body as the call defines it, or in the query without a body.
    const { invited_user_id } = parseInput(
      removeCollaboratorSchema,
      request.body ?? request.query,
      request.body === undefined ? "query" : "body",
    );
    const removed = await removeCollaborator(db, user.id, id, invited_user_id);
    if (removed.wasMember) {
      await push("a kick", () =>
        app.realtime.userKicked({ project: removed.workspaceId, targetUserId: invited_user_id }),
      );
    }
    return { project_id: removed.workspaceId, user_id: invited_user_id };
  });

  app.delete("/api/project/:project_id/collaborators/me", async (request): Promise<CollaboratorRemoved> => {
    const user = requireUser(request);
    const workspaceId = await leaveWorkspace(db, user.id, projectId(request));
    // The one who left stops following the channel too (their own open pages leave with them).
    await push("a leave", async () => {
      await app.realtime.userKicked({ project: workspaceId, targetUserId: user.id });
      await app.realtime.workspaceChanged({
        project: workspaceId,
        action: "member_left",
        userId: user.id,
        handle: user.handle,
      });
    });
    return { project_id: workspaceId, user_id: user.id };
  });

  app.post("/api/project/:project_id/ably-update", async (request) => {
    const user = requireUser(request);
    const id = projectId(request);
    const { update_type } = parseInput(ablyUpdateBodySchema, request.body);
    const key = workspaceKey(id);
    if (key === null) throw badRequest("The default workspace is never shared");
    const { row } = await memberWorkspace(db, user.id, key);
    await push("a workspace change", () =>
      app.realtime.workspaceChanged({
        project: row.id,
        action: update_type,
        userId: user.id,
        handle: user.handle,
      }),
    );
    return { project_id: row.id, update_type };
  });
}
