import {
  ablyUpdateBodySchema,
  ablyUpdateResponseSchema,
  collaboratorRemovedSchema,
  collaboratorsResponseSchema,
  inviteBodySchema,
  inviteIdParamsSchema,
  inviteResponseBodySchema,
  inviteSchema,
  invitesResponseSchema,
  removeCollaboratorSchema,
} from "../../../shared/api/workspace-collaboration.ts";
import { workspaceIdParamsSchema } from "../../../shared/api/workspaces.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/workspace-collaboration.ts. */
export const workspaceCollaborationOperations: OperationGroup = {
  tag: "Workspaces",
  operations: [
    {
      method: "GET",
      path: "/api/project/invites",
      summary: "The caller's invites still to answer",
      response: invitesResponseSchema,
    },
    {
      method: "PUT",
      path: "/api/project/invites/:invite_id",
      summary: "Accept or decline an invite",
      params: inviteIdParamsSchema,
      body: inviteResponseBodySchema,
      response: inviteSchema,
    },
    {
      method: "POST",
      path: "/api/project/:project_id/invite",
      summary: "Invite a user to the workspace (owner, flag collab-workspaces)",
      params: workspaceIdParamsSchema,
      body: inviteBodySchema,
      response: inviteSchema,
    },
    {
      method: "GET",
      path: "/api/project/:project_id/collaborators",
      summary: "The workspace's owner, collaborators and (for the owner) pending invites",
      params: workspaceIdParamsSchema,
      response: collaboratorsResponseSchema,
    },
    {
      method: "DELETE",
      path: "/api/project/:project_id/collaborators",
      summary: "Remove a collaborator or withdraw an invite (owner; the user in the body or query)",
      params: workspaceIdParamsSchema,
      body: removeCollaboratorSchema,
      response: collaboratorRemovedSchema,
    },
    {
      method: "DELETE",
      path: "/api/project/:project_id/collaborators/me",
      summary: "Leave a workspace shared with you",
      params: workspaceIdParamsSchema,
      response: collaboratorRemovedSchema,
    },
    {
      method: "POST",
      path: "/api/project/:project_id/ably-update",
      summary: "Tell the workspace's other members to reload it (members)",
      params: workspaceIdParamsSchema,
      body: ablyUpdateBodySchema,
      response: ablyUpdateResponseSchema,
    },
  ],
};
