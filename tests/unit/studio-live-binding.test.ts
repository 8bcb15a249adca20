// The studio's live binding in Node, through the real server: two controllers (two pages of one
// account) edit one project; each edit reaches the other's store, a drag is one undo step, others'
// changes made during a drag survive it, and undo undoes only the page's own edits.

import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { demoProject } from "../../src/engine/index.ts";
import { livePath } from "../../src/shared/collab/live-messages.ts";
import { beats } from "../../src/shared/time.ts";
import { moveClip, setTrackMute, setTrackName } from "../../src/studio/editing/index.ts";
import { LiveBinding } from "../../src/studio/live/live-binding.ts";
import type { LiveSocket } from "../../src/studio/live/live-connection.ts";
import { StudioController } from "../../src/studio/store/studio-controller.ts";
import { startApiServer } from "../api-server.ts";
import { until } from "../wait.ts";

describe("the studio's live binding", () => {
  const server = startApiServer("pglite");
  const bindings: LiveBinding[] = [];
  afterAll(() => {
    for (const binding of bindings) binding.close();
  });

  /** A project of a new account, and a way to open it in a new page (live at once). */
  async function sharedProject() {
    const owner = await server.signedUp();
    const created = await owner.client.post<{ id: string; version_id: number }>("/api/studio/create-project");
    await owner.client.post("/api/studio/save-project", {
      project_id: created.body.id,
      state: demoProject(),
      base_version_id: created.body.version_id,
    });
    const url = `${server.url().replace(/^http/, "ws")}${livePath(created.body.id)}`;
    const page = () => {
      const controller = new StudioController(demoProject());
      const binding = new LiveBinding(
        controller,
        { userId: owner.userId, handle: "someone" },
        () =>
          new WebSocket(url, {
            headers: { authorization: `Bearer ${owner.token}` },
          }) as unknown as LiveSocket,
      );
      bindings.push(binding);
      return { controller, binding };
    };
    return page;
  }

  async function twoPages() {
    const page = await sharedProject();
    const pages = [page(), page()];
    await until(() => pages.every((each) => each.binding.status.getState() === "synced"), "both pages live");
    return pages;
  }

  it("brings each page's edits to the other, and undoes only the page's own", async () => {
    const [a, b] = await twoPages();
    const [first, second] = a.controller.project.tracks;
    a.controller.edit((project) => setTrackName(project, first.id, "Named on A"));
    b.controller.edit((project) => setTrackMute(project, second.id, true));
    const both = (page: typeof a) =>
      page.controller.project.tracks[0].name === "Named on A" && page.controller.project.tracks[1].mute;
    await until(() => both(a) && both(b), "both edits on both pages");
    expect(a.controller.state.live).toEqual({ canUndo: true, canRedo: false });

    a.controller.undo();
    await until(() => b.controller.project.tracks[0].name === first.name, "A's undo on B");
    for (const page of [a, b]) {
      expect(page.controller.project.tracks[0].name).toBe(first.name);
      expect(page.controller.project.tracks[1].mute).toBe(true);
    }
    expect(a.controller.state.live).toEqual({ canUndo: false, canRedo: true });
  });

  it("sends an edit made before the page's first sync once it is synced", async () => {
    const page = await sharedProject();
    const first = page();
    const early = page();
    const track = early.controller.project.tracks[2];
    // At once, before the socket has even opened.
    expect(early.binding.status.getState()).toBe("connecting");
    early.controller.edit((project) => setTrackName(project, track.id, "Named before the sync"));
    await until(
      () => first.controller.project.tracks[2].name === "Named before the sync",
      "the early edit on the other page",
    );
    expect(early.controller.project.tracks[2].name).toBe("Named before the sync");
    expect(early.controller.state.live).toEqual({ canUndo: true, canRedo: false });
  });

  it("makes a drag one undo step, keeping what someone else changed meanwhile", async () => {
    const [a, b] = await twoPages();
    const track = a.controller.project.tracks[1];
    const clip = track.clips[0];
    const ref = { trackId: track.id, clipId: clip.id };
    a.controller.beginGesture();
    a.controller.updateGesture((project) => moveClip(project, ref, beats(-2)));
    b.controller.edit((project) => setTrackName(project, project.tracks[1].id, "Renamed during the drag"));
    await until(
      () => b.controller.project.tracks[1].clips[0].startBeats === clip.startBeats - 2,
      "the drag's first step on B",
    );
    a.controller.updateGesture((project) => moveClip(project, ref, beats(-4)));
    a.controller.endGesture();
    const settled = (page: typeof a) =>
      page.controller.project.tracks[1].name === "Renamed during the drag" &&
      page.controller.project.tracks[1].clips[0].startBeats === clip.startBeats - 4;
    await until(() => settled(a) && settled(b), "the drag and the rename on both pages");

    a.controller.undo();
    await until(
      () =>
        b.controller.project.tracks[1].clips.some(
          (each) => each.id === clip.id && each.startBeats === clip.startBeats,
        ),
      "the whole drag undone on B",
    );
    expect(a.controller.project.tracks[1].name).toBe("Renamed during the drag");
    expect(b.controller.project).toEqual({
      ...a.controller.project,
      selection: b.controller.project.selection,
    });
  });
});
