import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { beats } from "../../src/shared/time.ts";
import { moveClip, setTrackAmplitude, setTrackMute } from "../../src/studio/editing/index.ts";
import { StudioController } from "../../src/studio/store/studio-controller.ts";
import type { Transport } from "../../src/studio/store/transport.ts";
import { MAX_TOASTS } from "../../src/studio/store/ui-reducers.ts";

const KICK = "demo-track-kick";
const kickSpans = (controller: StudioController) =>
  controller.project.tracks[0].clips.map((clip) => [clip.startBeats, clip.endBeats]);

function fakeTransport(at = 0): Transport & { calls: string[] } {
  const calls: string[] = [];
  let playing = false;
  return {
    calls,
    play: () => {
      calls.push("play");
      playing = true;
    },
    stop: () => {
      calls.push("stop");
      playing = false;
    },
    seek: (position) => calls.push(`seek ${position}`),
    playhead: () => ({ playing, beats: at }),
    resume: async () => {
      calls.push("resume");
    },
  };
}

describe("the studio store", () => {
  it("records edits as undo steps and undoes and redoes them", () => {
    const controller = new StudioController(demoProject());
    controller.edit((project) => setTrackMute(project, KICK, true));
    expect(controller.project.tracks[0].mute).toBe(true);
    controller.undo();
    expect(controller.project.tracks[0].mute).toBe(false);
    controller.redo();
    expect(controller.project.tracks[0].mute).toBe(true);
  });

  it("keeps a no-op edit out of the history", () => {
    const controller = new StudioController(demoProject());
    const before = controller.state.history;
    controller.edit((project) => setTrackMute(project, KICK, false));
    expect(controller.state.history).toBe(before);
  });

  it("makes a whole drag one undo step, each step computed from where the drag began", () => {
    const controller = new StudioController(demoProject());
    const ref = { trackId: "demo-track-snare", clipId: "demo-track-snare-clip-1" };
    controller.beginGesture();
    for (const delta of [-1, -2, -3, -4])
      controller.updateGesture((base) => moveClip(base, ref, beats(delta)));
    controller.endGesture();
    expect(controller.project.tracks[1].clips[0].startBeats).toBe(12);
    expect(controller.state.history.past).toHaveLength(1);
    controller.undo();
    expect(controller.project.tracks[1].clips[0].startBeats).toBe(16);
  });

  it("abandons a drag on cancel", () => {
    const controller = new StudioController(demoProject());
    controller.beginGesture();
    controller.edit((project) => setTrackAmplitude(project, KICK, 0.2));
    controller.cancelGesture();
    expect(controller.project.tracks[0].amplitude).toBe(1);
    expect(controller.state.history.past).toHaveLength(0);
  });

  it("changes the selection without adding undo steps", () => {
    const controller = new StudioController(demoProject());
    controller.run("selectAll");
    expect(controller.project.selection.trackIds).toHaveLength(8);
    expect(controller.state.history.past).toHaveLength(0);
  });

  it("splits at the cursor while stopped (Ctrl+E), and the split undoes", () => {
    const controller = new StudioController(demoProject());
    controller.attachTransport(fakeTransport());
    controller.select((project) => ({
      ...project,
      selection: { ...project.selection, trackIds: [KICK], focusedTrackId: KICK },
    }));
    controller.seek(2);
    controller.run("split");
    expect(kickSpans(controller)).toEqual([
      [0, 2],
      [2, 16],
      [16, 32],
      [32, 48],
      [48, 64],
    ]);
    controller.run("undo");
    expect(kickSpans(controller)).toHaveLength(4);
  });

  it("plays from the cursor, and stopping leaves the cursor where the playhead was heard", async () => {
    const transport = fakeTransport(9.5);
    const controller = new StudioController(demoProject());
    controller.attachTransport(transport);
    controller.seek(4);
    await controller.play();
    expect(transport.calls).toEqual(["seek 4", "resume", "seek 4", "play"]);
    expect(controller.state.ui.playing).toBe(true);
    expect(controller.playheadBeats()).toBe(9.5);
    controller.togglePlay();
    expect(controller.state.ui.playing).toBe(false);
    expect(controller.state.ui.cursorBeats).toBe(9.5);
  });

  it("halves and doubles the grid within 1/32..32", () => {
    const controller = new StudioController(demoProject());
    for (let i = 0; i < 10; i++) controller.run("halveGrid");
    expect(controller.state.ui.gridMultiplier).toBe(1 / 32);
    for (let i = 0; i < 20; i++) controller.run("doubleGrid");
    expect(controller.state.ui.gridMultiplier).toBe(32);
  });

  it("copies and pastes through its own clipboard, and explains an empty paste", () => {
    const controller = new StudioController(demoProject());
    controller.run("paste");
    expect(controller.state.toasts.at(-1)?.title).toMatch(/Nothing to paste/);
    controller.select((project) => ({
      ...project,
      selection: {
        ...project.selection,
        trackIds: [KICK],
        focusedTrackId: KICK,
        anchorBeats: 0,
        focusBeats: 4,
      },
    }));
    controller.run("copy");
    expect(controller.state.clipboard?.kind).toBe("range");
  });

  it("refuses edits on a read-only project and asks for the clone dialog instead", () => {
    const controller = new StudioController(demoProject());
    let asked = 0;
    controller.onReadOnlyEdit = () => asked++;
    controller.setReadOnly(true);
    controller.edit((project) => setTrackMute(project, KICK, true));
    expect(controller.project.tracks[0].mute).toBe(false);
    expect(controller.beginGesture()).toBe(false);
    expect(asked).toBe(2);
  });

  it("rewrites every state of the history without adding a step", () => {
    const controller = new StudioController(demoProject());
    controller.edit((project) => setTrackMute(project, KICK, true));
    controller.rewrite((project) => ({ ...project, title: "Renamed" }));
    expect(controller.project.title).toBe("Renamed");
    expect(controller.state.history.past[0].title).toBe("Renamed");
    expect(controller.state.history.past).toHaveLength(1);
  });

  it("shows a few toasts at most", () => {
    const controller = new StudioController(demoProject());
    for (let i = 0; i < 10; i++) controller.toast({ kind: "info", title: `t${i}` }, 0);
    expect(controller.state.toasts.map((toast) => toast.title)).toHaveLength(MAX_TOASTS);
    expect(controller.state.toasts.at(-1)?.title).toBe("t9");
  });

  it("opens sidebar sections and closes the open one when chosen again", () => {
    const controller = new StudioController(demoProject());
    expect(controller.state.ui).toMatchObject({ sidebarOpen: false, sidebarSection: "clip-info" });
    controller.showSection("clip-info");
    expect(controller.state.ui).toMatchObject({ sidebarOpen: true, sidebarSection: "clip-info" });
    controller.showSection("eq");
    expect(controller.state.ui).toMatchObject({ sidebarOpen: true, sidebarSection: "eq" });
    controller.showSection("eq");
    expect(controller.state.ui.sidebarOpen).toBe(false);
  });
});
