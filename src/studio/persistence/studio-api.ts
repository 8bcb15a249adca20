// A typed client for the studio project calls. Responses are checked against the
// shared schemas; states go through the same checks as on the server: parseProjectState before a
// save is sent, loadProjectState (which also repairs what load normalisation repairs) on load.

import type { z } from "zod";
import {
  type CreatedProject,
  createdProjectSchema,
  lockVersionResponseSchema,
  type ProjectForClip,
  type ProjectRevision,
  type ProjectVersion,
  type ProjectVersions,
  projectForClipSchema,
  projectRevisionSchema,
  projectVersionSchema,
  projectVersionsSchema,
  type StudioProject,
  saveProjectResponseSchema,
  shareProjectResponseSchema,
  studioProjectSchema,
} from "../../shared/api/studio.ts";
import { parseProjectState, type StudioProjectState } from "../../shared/project/index.ts";
import { summarizeIssues } from "../../shared/zod-issues.ts";
import { loadProjectState } from "../editing/normalize.ts";
import type { SaveFunction } from "./project-saver.ts";

/** The server answered with an error: its status and `detail`. */
export class StudioApiError extends Error {
  override readonly name = "StudioApiError";
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The server sent a project state that fails validation ("Invalid project state format"). */
export class InvalidProjectStateError extends Error {
  override readonly name = "InvalidProjectStateError";
}

/** Reads a loaded state; one that fails validation throws InvalidProjectStateError. */
function loadedState(raw: unknown): StudioProjectState {
  try {
    return loadProjectState(raw);
  } catch (error) {
    throw new InvalidProjectStateError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

/** No answer at all (offline, server unreachable): worth trying again later. */
export class StudioNetworkError extends Error {
  override readonly name = "StudioNetworkError";
}

/** Browsers refuse keepalive requests whose bodies add up to more than 64 KiB. */
export const KEEPALIVE_BODY_MAX = 64 * 1024;

export interface StudioApiOptions {
  /** Where the API is; "" (the page's own origin) in the browser. */
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** Extra headers on every request (scripts and tests: a bearer token). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ProjectSaveRequest {
  readonly projectId: string;
  readonly state: StudioProjectState;
  /** Defaults to the state's title. */
  readonly title?: string;
  /** The version the edits were made on: the server refuses a save onto a locked one. */
  readonly baseVersionId?: number | null;
}

/** A project as loaded: the state parsed and normalised. */
export type LoadedProject = Omit<StudioProject, "state"> & { readonly state: StudioProjectState };
export type LoadedVersion = Omit<ProjectVersion, "state"> & { readonly state: StudioProjectState };

export interface StudioApi {
  createProject(title?: string): Promise<CreatedProject>;
  createOrLoadProjectForClip(clipId: string): Promise<ProjectForClip>;
  loadProject(projectId: string): Promise<LoadedProject>;
  loadVersion(projectId: string, versionId: number): Promise<LoadedVersion>;
  loadRevision(revisionId: number): Promise<ProjectRevision>;
  listVersions(projectId: string, page?: { before?: number; limit?: number }): Promise<ProjectVersions>;
  /** Saves a new version and answers its id. `keepalive` lets the request outlive the page. */
  saveProject(request: ProjectSaveRequest, options?: { keepalive?: boolean }): Promise<number>;
  cloneRevision(revisionId: number, title?: string): Promise<CreatedProject>;
  lockVersion(versionId: number, isLocked?: boolean): Promise<{ is_locked: boolean }>;
  shareProject(projectId: string, isShared: boolean): Promise<{ is_shared: boolean }>;
}

const byteLength = (text: string): number =>
  text.length > KEEPALIVE_BODY_MAX ? text.length : new TextEncoder().encode(text).length;

export async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (typeof body.detail === "string") return body.detail;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return `HTTP ${response.status}`;
}

export function createStudioApi(options: StudioApiOptions = {}): StudioApi {
  const baseUrl = options.baseUrl ?? "";
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<Schema extends z.ZodType>(
    schema: Schema,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    keepalive = false,
  ): Promise<z.infer<Schema>> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(text === undefined ? {} : { "content-type": "application/json" }),
          ...options.headers,
        },
        body: text,
        credentials: "same-origin",
        keepalive: keepalive && text !== undefined && byteLength(text) <= KEEPALIVE_BODY_MAX,
      });
    } catch (error) {
      throw new StudioNetworkError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    if (!response.ok) throw new StudioApiError(response.status, await errorDetail(response));
    const result = schema.safeParse(await response.json().catch(() => undefined));
    if (!result.success) throw new Error(`No response data: ${summarizeIssues(result.error)}`);
    return result.data;
  }

  const id = encodeURIComponent;

  return {
    createProject: (title) =>
      call(
        createdProjectSchema,
        "POST",
        `/api/studio/create-project${title === undefined ? "" : `?title=${id(title)}`}`,
        {},
      ),
    createOrLoadProjectForClip: (clipId) =>
      call(projectForClipSchema, "POST", `/api/studio/create-or-load-project-for-clip/${id(clipId)}`, {}),
    async loadProject(projectId) {
      const project = await call(studioProjectSchema, "GET", `/api/studio/project/${id(projectId)}`);
      return { ...project, state: loadedState(project.state) };
    },
    async loadVersion(projectId, versionId) {
      const version = await call(
        projectVersionSchema,
        "GET",
        `/api/studio/${id(projectId)}/version/${versionId}`,
      );
      return { ...version, state: loadedState(version.state) };
    },
    loadRevision: (revisionId) =>
      call(projectRevisionSchema, "GET", `/api/studio/project_revision/${revisionId}`),
    listVersions(projectId, page = {}) {
      const query = new URLSearchParams();
      if (page.before !== undefined) query.set("before", String(page.before));
      if (page.limit !== undefined) query.set("limit", String(page.limit));
      const suffix = query.size > 0 ? `?${query}` : "";
      return call(projectVersionsSchema, "GET", `/api/studio/project/${id(projectId)}/versions${suffix}`);
    },
    async saveProject(request, saveOptions = {}) {
      // The server's check, made here first: a state it would refuse is not sent at all.
      let state: StudioProjectState;
      try {
        state = parseProjectState(request.state);
      } catch (error) {
        throw new StudioApiError(400, error instanceof Error ? error.message : String(error));
      }
      const body = {
        project_id: request.projectId,
        state,
        title: request.title,
        base_version_id: request.baseVersionId ?? null,
      };
      const saved = await call(
        saveProjectResponseSchema,
        "POST",
        "/api/studio/save-project",
        body,
        saveOptions.keepalive,
      );
      return saved.version_id;
    },
    cloneRevision: (revisionId, title) =>
      call(createdProjectSchema, "POST", `/api/studio/project_revision/${revisionId}/clone`, { title }),
    lockVersion: (versionId, isLocked = true) =>
      call(lockVersionResponseSchema, "POST", `/api/studio/project_revision/${versionId}/lock`, {
        is_locked: isLocked,
      }),
    shareProject: (projectId, isShared) =>
      call(shareProjectResponseSchema, "POST", `/api/studio/project/${id(projectId)}/share`, {
        is_shared: isShared,
      }),
  };
}

/** The ProjectSaver's save function over this client. */
export const saveToServer =
  (api: Pick<StudioApi, "saveProject">): SaveFunction =>
  (state, context) =>
    api.saveProject(
      { projectId: context.projectId, state, baseVersionId: context.baseVersionId },
      { keepalive: context.keepalive },
    );
