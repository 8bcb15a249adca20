import type { Selectable } from "kysely";
import {
  PROJECT_NOT_FOUND,
  SHARED_READ_ONLY,
  VERSION_FORBIDDEN,
  VERSION_NOT_FOUND,
} from "../../shared/api/studio.ts";
import type { StudioProjectsTable } from "../db/schema.ts";
import { forbidden, type HttpError, notFound } from "../http/errors.ts";

type ProjectRow = Pick<Selectable<StudioProjectsTable>, "user_id" | "is_shared">;

/**
 * Who may do what with a project: its owner everything; anyone signed in may open and clone a
 * project its owner shared, read-only; nobody else learns that it exists.
 */
export type ProjectAccess = "owner" | "reader" | null;

export function accessTo(project: ProjectRow, userId: string): ProjectAccess {
  if (project.user_id === userId) return "owner";
  return project.is_shared ? "reader" : null;
}

/** A project read by id: someone else's unshared project is as missing as a deleted one. */
export function requireReadable<Row extends ProjectRow>(project: Row | undefined, userId: string): Row {
  if (!project || accessTo(project, userId) === null) throw notFound(PROJECT_NOT_FOUND);
  return project;
}

/** A project to change: a shared one is read-only for everyone but its owner. */
export function requireOwned<Row extends ProjectRow>(
  project: Row | undefined,
  userId: string,
  readOnly: HttpError = forbidden(SHARED_READ_ONLY),
): Row {
  const access = project ? accessTo(project, userId) : null;
  if (!project || access === null) throw notFound(PROJECT_NOT_FOUND);
  if (access !== "owner") throw readOnly;
  return project;
}

/** A version read by id: the exact 404 and 403 texts. */
export function requireReadableVersion<Row extends ProjectRow>(
  version: Row | undefined,
  userId: string,
): Row {
  if (!version) throw notFound(VERSION_NOT_FOUND);
  if (accessTo(version, userId) === null) throw forbidden(VERSION_FORBIDDEN);
  return version;
}
