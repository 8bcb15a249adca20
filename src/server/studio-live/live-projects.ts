// The studio projects open for live editing on this instance: opening one (from another instance's
// doc when one holds it, else from the latest version), relaying through the pub/sub, saving the
// merged state when edits pause, and letting go when the last socket leaves.

import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { fromBase64 } from "lib0/buffer";
import * as Y from "yjs";
import { z } from "zod";
import { AUTOSAVE_DELAY_MS, PROJECT_NOT_FOUND, VERSION_LOCKED } from "../../shared/api/studio.ts";
import { NOT_A_LIVE_MEMBER } from "../../shared/collab/live-messages.ts";
import { projectDoc } from "../../shared/collab/project-doc.ts";
import { parseProjectState } from "../../shared/project/index.ts";
import type { Database } from "../db/schema.ts";
import { forbidden, HttpError, notFound } from "../http/errors.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { InProcessPubSub, type RealtimeEvent, type Unsubscribe } from "../realtime/pubsub.ts";
import { accessTo } from "../studio/project-access.ts";
import { saveLiveVersion } from "../studio/project-writes.ts";
import { type LivePeer, LiveProject } from "./live-project.ts";
import { type StudioProjectMembers, workspaceMembers } from "./members.ts";

/** The instances' own channel for a project's live changes (not one a page may follow). */
const liveChannel = (projectId: string) => `studio-live:${projectId}`;
/** How long an instance opening a project waits for another one's doc before reading the database. */
const PEER_DOC_WAIT_MS = 300;

/** A version saved through the ordinary save call while the project may be open live somewhere. */
const outsideSaveSchema = z.object({
  projectId: z.string(),
  authorId: z.string(),
  /** The version the save was made on; null: the one before it. */
  baseVersionId: z.number().int().nullable(),
  versionId: z.number().int(),
});
export type OutsideSave = z.infer<typeof outsideSaveSchema>;

const relayedSchema = z.object({
  from: z.string(),
  payload: z.string().optional(),
  stateVector: z.string().optional(),
});

interface OpenProject {
  readonly project: LiveProject;
  unsubscribe: Unsubscribe;
  timer: ReturnType<typeof setTimeout> | null;
  /** Who made the last edit not saved yet; null when everything is saved. */
  lastEditor: string | null;
  saving: Promise<void>;
  closed: boolean;
  /** Sockets to close when the project gets locked under them. */
  readonly lockOut: Set<() => void>;
}

export class LiveProjects {
  private readonly instanceId = crypto.randomUUID();
  private readonly open = new Map<string, Promise<OpenProject>>();
  private members: StudioProjectMembers = workspaceMembers;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Workspace membership widens who may edit live (the owner only until then). */
  setMembers(members: StudioProjectMembers): void {
    this.members = members;
  }

  mayEdit(projectId: string, userId: string): Promise<boolean> {
    return this.members(this.db, projectId, userId);
  }

  /**
   * Before the socket opens: 404 for a project the user may not read, 403 for a reader who is no
   * member (the page shows them the read-only view), 423 when the latest version is locked.
   */
  async admit(projectId: string, userId: string): Promise<void> {
    const row = await this.db
      .selectFrom("studio_projects as p")
      .innerJoin("studio_project_versions as v", "v.id", "p.latest_version_id")
      .select(["p.user_id", "p.is_shared", "v.is_locked"])
      .where("p.id", "=", projectId)
      .executeTakeFirst();
    if (!row) throw notFound(PROJECT_NOT_FOUND);
    if (!(await this.mayEdit(projectId, userId))) {
      throw accessTo(row, userId) === null ? notFound(PROJECT_NOT_FOUND) : forbidden(NOT_A_LIVE_MEMBER);
    }
    if (row.is_locked) throw new HttpError(423, VERSION_LOCKED);
  }

  /** Joins a socket to the project, opening it on this instance if needed. */
  async connect(projectId: string, peer: LivePeer, lockOut: () => void): Promise<OpenProject> {
    for (;;) {
      let opening = this.open.get(projectId);
      if (!opening) {
        opening = this.load(projectId);
        this.open.set(projectId, opening);
        opening.catch(() => this.open.delete(projectId));
      }
      const entry = await opening;
      if (entry.closed) continue;
      entry.project.join(peer);
      entry.lockOut.add(lockOut);
      return entry;
    }
  }

  disconnect(entry: OpenProject, peer: LivePeer, lockOut: () => void): void {
    entry.project.leave(peer);
    entry.lockOut.delete(lockOut);
    if (entry.project.peerCount === 0) void this.closeIdle(entry);
  }

  private async load(projectId: string): Promise<OpenProject> {
    const row = await this.db
      .selectFrom("studio_projects as p")
      .innerJoin("studio_project_versions as v", "v.id", "p.latest_version_id")
      .select("v.state")
      .where("p.id", "=", projectId)
      .executeTakeFirst();
    if (!row) throw notFound(PROJECT_NOT_FOUND);
    const seed = parseProjectState(row.state);
    const pubsub = this.hub.pubsub;
    const channel = liveChannel(projectId);
    let entry: OpenProject | null = null;
    let peerDoc: ((update: Uint8Array) => void) | null = null;
    const unsubscribe = await pubsub.subscribe(channel, (event) => {
      const data = relayedSchema.safeParse(event.data);
      if (!data.success || data.data.from === this.instanceId) return;
      if (entry === null) {
        if (event.name === "state" && data.data.payload) peerDoc?.(fromBase64(data.data.payload));
        return;
      }
      this.relayed(entry, event, data.data);
    });
    // Another instance may hold the doc with edits not saved yet: its doc wins over the database's.
    const doc = await this.peerDoc(channel, (resolve) => {
      peerDoc = resolve;
    });
    const project = new LiveProject(projectId, doc ?? projectDoc(seed), seed.selection, {
      mayEdit: (userId) => this.mayEdit(projectId, userId),
      relay: (name, payload) => this.publish(channel, name, { payload }),
      changed: (userId) => {
        if (entry) this.scheduleSave(entry, userId);
      },
    });
    entry = {
      project,
      unsubscribe,
      timer: null,
      lastEditor: null,
      saving: Promise.resolve(),
      closed: false,
      lockOut: new Set(),
    };
    return entry;
  }

  /** The doc another instance holds, or null when none answers (or there are no others). */
  private async peerDoc(
    channel: string,
    listen: (resolve: (update: Uint8Array) => void) => void,
  ): Promise<Y.Doc | null> {
    if (this.hub.pubsub instanceof InProcessPubSub) return null;
    const update = await new Promise<Uint8Array | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), PEER_DOC_WAIT_MS);
      listen((received) => {
        clearTimeout(timer);
        resolve(received);
      });
      this.publish(channel, "hello", {});
    });
    if (update === null) return null;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, update);
    return doc;
  }

  private relayed(entry: OpenProject, event: RealtimeEvent, data: z.infer<typeof relayedSchema>): void {
    try {
      if (event.name === "hello") {
        this.publish(liveChannel(entry.project.projectId), "state", { payload: entry.project.fullState() });
      } else if ((event.name === "update" || event.name === "awareness") && data.payload) {
        entry.project.applyRelayed(event.name, data.payload);
      } else if (event.name === "saved" && data.payload) {
        void this.mergeSaved(entry, outsideSaveSchema.parse(JSON.parse(data.payload)));
      }
    } catch (error) {
      this.log.warn({ err: error }, "live project: a relayed change could not be applied");
    }
  }

  /**
   * A version saved by a page that is not live: merged into the project's live doc, here and on
   * every other instance holding it, so neither the save nor the live edits are lost (the rule is
   * LiveProject.mergeSave's). The merged state is then saved as a version after it.
   */
  async savedOutside(save: OutsideSave): Promise<void> {
    this.publish(liveChannel(save.projectId), "saved", { payload: JSON.stringify(save) });
    const opening = this.open.get(save.projectId);
    if (opening) await this.mergeSaved(await opening, save);
  }

  private async mergeSaved(entry: OpenProject, save: OutsideSave): Promise<void> {
    try {
      const versions = this.db
        .selectFrom("studio_project_versions")
        .select("state")
        .where("project_id", "=", save.projectId);
      const saved = await versions.where("id", "=", save.versionId).executeTakeFirst();
      const base = await (save.baseVersionId === null
        ? versions.where("id", "<", save.versionId).orderBy("id", "desc").limit(1)
        : versions.where("id", "=", save.baseVersionId)
      ).executeTakeFirst();
      if (!saved || entry.closed) return;
      const refusal = entry.project.mergeSave(
        base ? parseProjectState(base.state) : null,
        parseProjectState(saved.state),
      );
      if (refusal !== null) return this.log.warn({ detail: refusal }, "live project: a save not merged");
      this.scheduleSave(entry, save.authorId);
    } catch (error) {
      this.log.error({ err: error }, "live project: a save could not be merged");
    }
  }

  private publish(channel: string, name: string, data: Record<string, string>): void {
    this.hub.pubsub
      .publish(channel, { name, data: { from: this.instanceId, ...data } })
      .catch((error) => this.log.error({ err: error }, "live project: relay failed"));
  }

  private scheduleSave(entry: OpenProject, userId: string): void {
    entry.lastEditor = userId;
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void this.save(entry), AUTOSAVE_DELAY_MS);
  }

  /** Appends the merged state as a version (one save at a time). */
  save(entry: OpenProject): Promise<void> {
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.timer = null;
    const author = entry.lastEditor;
    if (author === null) return entry.saving;
    entry.lastEditor = null;
    const check = entry.project.current();
    entry.saving = entry.saving.then(async () => {
      if (!check.ok) return this.log.error({ detail: check.detail }, "live project: merged state not saved");
      try {
        await saveLiveVersion(this.db, {
          projectId: entry.project.projectId,
          authorId: author,
          state: check.state,
        });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 423) {
          for (const close of [...entry.lockOut]) close();
        } else {
          entry.lastEditor ??= author;
          this.log.error({ err: error }, "live project: save failed");
        }
      }
    });
    return entry.saving;
  }

  /** Saves what is not saved yet, for a project open here (tests and shutdown). */
  async flush(projectId: string): Promise<void> {
    const entry = await this.open.get(projectId);
    if (entry) await this.save(entry);
  }

  private async closeIdle(entry: OpenProject): Promise<void> {
    await this.save(entry);
    if (entry.project.peerCount > 0 || entry.closed) return;
    entry.closed = true;
    this.open.delete(entry.project.projectId);
    entry.project.close();
    await entry.unsubscribe().catch(() => {});
  }

  /** Server shutdown: everything saved. */
  async closeAll(): Promise<void> {
    const entries = await Promise.allSettled([...this.open.values()]);
    for (const result of entries) if (result.status === "fulfilled") await this.save(result.value);
  }
}
