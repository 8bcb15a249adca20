import {
  cloneRevisionBodySchema,
  createProjectQuerySchema,
  lockVersionBodySchema,
  projectForClipParamsSchema,
  projectIdParamsSchema,
  projectVersionParamsSchema,
  projectVersionsQuerySchema,
  revisionIdParamsSchema,
  saveProjectBodySchema,
  saveProjectResponseSchema,
  shareProjectBodySchema,
} from "../../../shared/api/studio.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/studio.ts. */
export const studioOperations: OperationGroup = {
  tag: "Studio",
  operations: [
    {
      method: "POST",
      path: "/api/studio/create-project",
      summary: "Studio create project",
      query: createProjectQuerySchema,
    },
    {
      method: "POST",
      path: "/api/studio/create-or-load-project-for-clip/:clip_id",
      summary: "Studio create or load project for clip",
      params: projectForClipParamsSchema,
    },
    {
      method: "GET",
      path: "/api/studio/project/:project_id",
      summary: "Studio project",
      params: projectIdParamsSchema,
    },
    {
      method: "GET",
      path: "/api/studio/project/:project_id/versions",
      summary: "Project versions",
      params: projectIdParamsSchema,
      query: projectVersionsQuerySchema,
    },
    {
      method: "POST",
      path: "/api/studio/project/:project_id/share",
      summary: "Project share",
      params: projectIdParamsSchema,
      body: shareProjectBodySchema,
    },
    {
      method: "POST",
      path: "/api/studio/save-project",
      summary: "A whole project state per save",
      body: saveProjectBodySchema,
      response: saveProjectResponseSchema,
    },
    {
      method: "GET",
      path: "/api/studio/:project_id/version/:version_id",
      summary: "Studio version",
      params: projectVersionParamsSchema,
    },
    {
      method: "GET",
      path: "/api/studio/project_revision/:revision_id",
      summary: "Studio project revision",
      params: revisionIdParamsSchema,
    },
    {
      method: "POST",
      path: "/api/studio/project_revision/:revision_id/clone",
      summary: "Project revision clone",
      params: revisionIdParamsSchema,
      body: cloneRevisionBodySchema,
    },
    {
      method: "POST",
      path: "/api/studio/project_revision/:revision_id/lock",
      summary: "Project revision lock",
      params: revisionIdParamsSchema,
      body: lockVersionBodySchema,
    },
  ],
};
