import {
  createWorkspaceBodySchema,
  myWorkspacesQuerySchema,
  myWorkspacesResponseSchema,
  pinnedClipsResponseSchema,
  trashWorkspaceBodySchema,
  updateWorkspaceClipsBodySchema,
  updateWorkspaceClipsResponseSchema,
  workspaceIdParamsSchema,
  workspaceMetadataBodySchema,
  workspaceQuerySchema,
  workspaceResponseSchema,
  workspaceSummarySchema,
} from "../../../shared/api/workspaces.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/workspaces.ts. */
export const workspacesOperations: OperationGroup = {
  tag: "Workspaces",
  operations: [
    {
      method: "POST",
      path: "/api/project",
      summary: "Project",
      body: createWorkspaceBodySchema,
      response: workspaceSummarySchema,
    },
    {
      method: "GET",
      path: "/api/project/me",
      summary: "Project me",
      query: myWorkspacesQuerySchema,
      response: myWorkspacesResponseSchema,
    },
    {
      method: "POST",
      path: "/api/project/trash",
      summary: "Project trash",
      body: trashWorkspaceBodySchema,
      response: workspaceSummarySchema,
    },
    {
      method: "GET",
      path: "/api/project/:project_id",
      summary: "Project",
      params: workspaceIdParamsSchema,
      query: workspaceQuerySchema,
      response: workspaceResponseSchema,
    },
    {
      method: "GET",
      path: "/api/project/:project_id/pinned-clips",
      summary: "Project pinned clips",
      params: workspaceIdParamsSchema,
      response: pinnedClipsResponseSchema,
    },
    {
      method: "POST",
      path: "/api/project/:project_id/metadata",
      summary: "Project metadata",
      params: workspaceIdParamsSchema,
      body: workspaceMetadataBodySchema,
      response: workspaceSummarySchema,
    },
    {
      method: "POST",
      path: "/api/project/:project_id/clips",
      summary: "Project clips",
      params: workspaceIdParamsSchema,
      body: updateWorkspaceClipsBodySchema,
      response: updateWorkspaceClipsResponseSchema,
    },
  ],
};
