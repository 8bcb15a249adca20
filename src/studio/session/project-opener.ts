// Opens what the studio's address asks for: the demo project when nothing is
// asked, the project for a song, a project by id (remix), or a locked version read-only.

import { demoProject } from "../../engine/index.ts";
import { VERSION_FORBIDDEN, VERSION_NOT_FOUND } from "../../shared/api/studio.ts";
import { INVALID_PROJECT_STATE_FORMAT, type StudioProjectState } from "../../shared/project/index.ts";
import {
  browserStorage,
  InvalidProjectStateError,
  type KeyValueStorage,
  type StudioApi,
  StudioApiError,
} from "../persistence/index.ts";
import { readDemoDraft } from "./demo-autosave.ts";

export interface StudioRequest {
  readonly forClipId: string | null;
  readonly projectVersionId: string | null;
  readonly initialProjectId: string | null;
}

export type ReadOnlyReason = "locked" | "shared" | "version";

/** Who the viewer is to a server project, for its Share panel. */
export interface ProjectSharing {
  readonly isOwner: boolean;
  readonly isShared: boolean;
  /** A member of its shared workspace (not its owner): edits reach the project live, never saved here. */
  readonly liveMember: boolean;
}

export interface OpenedStudioProject {
  readonly state: StudioProjectState;
  /** The server project, or null for the demo (kept in this browser). */
  readonly projectId: string | null;
  readonly versionId: number | null;
  readonly readOnly: ReadOnlyReason | null;
  /** Null for the demo and for a version opened by its link. */
  readonly sharing: ProjectSharing | null;
}

/** A load that failed, with its toast texts. */
export class OpenError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(title);
  }
}

const LATER = "Please try again later.";

function versionError(error: unknown): OpenError {
  if (error instanceof InvalidProjectStateError)
    return new OpenError("Failed to load project version", INVALID_PROJECT_STATE_FORMAT);
  if (error instanceof StudioApiError && error.status === 404)
    return new OpenError("Failed to load project version", VERSION_NOT_FOUND);
  if (error instanceof StudioApiError && error.status === 403)
    return new OpenError("Failed to load project version", VERSION_FORBIDDEN);
  return new OpenError("Failed to load project version", LATER);
}

export function openDemo(storage: KeyValueStorage | null = browserStorage()): OpenedStudioProject {
  return {
    state: readDemoDraft(storage) ?? demoProject(),
    projectId: null,
    versionId: null,
    readOnly: null,
    sharing: null,
  };
}

export async function openRequested(request: StudioRequest, api: StudioApi): Promise<OpenedStudioProject> {
  if (request.projectVersionId !== null) {
    try {
      const revision = await api.loadRevision(Number(request.projectVersionId));
      const version = await api.loadVersion(revision.project_id, revision.version_id);
      return {
        state: version.state,
        projectId: version.project_id,
        versionId: version.version_id,
        readOnly: "version",
        sharing: null,
      };
    } catch (error) {
      throw versionError(error);
    }
  }
  try {
    let projectId = request.initialProjectId;
    if (projectId === null && request.forClipId !== null) {
      projectId = (await api.createOrLoadProjectForClip(request.forClipId)).id;
    }
    if (projectId === null) return openDemo();
    const project = await api.loadProject(projectId);
    const liveMember = !project.is_owner && project.is_live_member === true;
    const readOnly: ReadOnlyReason | null = project.is_locked
      ? "locked"
      : !project.is_owner && !liveMember
        ? "shared"
        : null;
    const sharing = { isOwner: project.is_owner, isShared: project.is_shared, liveMember };
    return { state: project.state, projectId: project.id, versionId: project.version_id, readOnly, sharing };
  } catch (error) {
    if (error instanceof OpenError) throw error;
    // A state that fails validation: trying again cannot help, so its message says why.
    if (error instanceof InvalidProjectStateError) {
      console.error(error);
      throw new OpenError("Failed to load project", INVALID_PROJECT_STATE_FORMAT);
    }
    throw new OpenError("Failed to load project", LATER);
  }
}
