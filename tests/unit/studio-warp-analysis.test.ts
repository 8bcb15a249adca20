import { afterEach, describe, expect, it, vi } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import type { DownbeatsStreamFrame } from "../../src/shared/api/downbeats.ts";
import { parseProjectState, type StudioProjectState } from "../../src/shared/project/index.ts";
import {
  applyClipDownbeats,
  markAwaitingAnalysis,
  warpMarkersFromDownbeats,
} from "../../src/studio/editing/index.ts";
import { streamDownbeats } from "../../src/studio/uploads/downbeats-stream.ts";

/** The demo with its kick's first clip and a copy of it in a take lane playing song clip "song-1". */
function withSongClip(): StudioProjectState {
  const state = demoProject();
  const kick = state.tracks[0];
  const clip = { ...kick.clips[0], clipId: "song-1" };
  const lane = {
    id: "lane-1",
    name: "Original",
    clips: [{ ...clip, id: "copy-1" }],
    clipCreationIntents: [],
    unheardFor: null,
  };
  return {
    ...state,
    tracks: [{ ...kick, clips: [clip, ...kick.clips.slice(1)], takeLanes: [lane] }, ...state.tracks.slice(1)],
  };
}

const frame = (overrides: Partial<DownbeatsStreamFrame>): DownbeatsStreamFrame => ({
  downbeats: [],
  seconds_missing_from_start: 0,
  seconds_analysed: 1,
  bpm: 120,
  final: false,
  state: "running",
  ...overrides,
});

describe("warp markers from downbeats", () => {
  it("pins each beat to a content beat, downbeats on whole bars", () => {
    expect(
      warpMarkersFromDownbeats([
        [0.1, 3],
        [0.6, 4],
        [1.1, 1],
        [1.6, 2],
      ]),
    ).toEqual([
      { beats: 2, seconds: 0.1 },
      { beats: 3, seconds: 0.6 },
      { beats: 4, seconds: 1.1 },
      { beats: 5, seconds: 1.6 },
    ]);
    expect(warpMarkersFromDownbeats([])).toEqual([]);
  });
});

describe("a song clip's beat analysis on the timeline", () => {
  it("marks every clip playing the song On Beat and waiting, take lanes included", () => {
    const marked = markAwaitingAnalysis(withSongClip(), "song-1");
    const waiting = { enabled: true, awaitingAnalysis: true, markers: [] };
    expect(marked.tracks[0].clips[0].warp).toMatchObject(waiting);
    expect(marked.tracks[0].takeLanes[0].clips[0].warp).toMatchObject(waiting);
    expect(marked.tracks[0].clips[1].warp.awaitingAnalysis).toBe(false);
    expect(markAwaitingAnalysis(marked, "song-1")).toBe(marked);
    expect(markAwaitingAnalysis(marked, "another song")).toBe(marked);
  });

  it("follows the downbeats so far, then stops waiting on the final frame, in a state that validates", () => {
    const marked = markAwaitingAnalysis(withSongClip(), "song-1");
    const partial = applyClipDownbeats(marked, "song-1", [[0.5, 1]], false);
    expect(partial.tracks[0].clips[0].warp).toMatchObject({
      enabled: true,
      awaitingAnalysis: true,
      markers: [{ beats: 0, seconds: 0.5 }],
    });
    const done = applyClipDownbeats(
      partial,
      "song-1",
      [
        [0.5, 1],
        [1, 2],
      ],
      true,
    );
    expect(done.tracks[0].takeLanes[0].clips[0].warp).toMatchObject({
      enabled: true,
      awaitingAnalysis: false,
      markers: [
        { beats: 0, seconds: 0.5 },
        { beats: 1, seconds: 1 },
      ],
    });
    expect(parseProjectState(done).tracks[0].clips[0].warp.markers).toHaveLength(2);
    // A clip no longer waiting keeps its markers: a later stream changes nothing.
    expect(applyClipDownbeats(done, "song-1", [], true)).toBe(done);
  });

  it("plays a clip with no beats at its own tempo (Original) once the analysis is final", () => {
    const marked = markAwaitingAnalysis(withSongClip(), "song-1");
    const done = applyClipDownbeats(marked, "song-1", [], true);
    expect(done.tracks[0].clips[0].warp).toMatchObject({
      enabled: false,
      awaitingAnalysis: false,
      markers: [],
    });
  });
});

describe("the downbeats stream", () => {
  afterEach(() => vi.restoreAllMocks());

  const serve =
    (body: string | string[], init: ResponseInit = {}): typeof fetch =>
    async () => {
      const chunks = typeof body === "string" ? [body] : body;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      });
      return new Response(stream, { headers: { "content-type": "text/event-stream" }, ...init });
    };

  it("hands on each event's frame, across chunk boundaries, until the final one", async () => {
    const first = JSON.stringify(frame({ downbeats: [[0.5, 1]] }));
    const last = JSON.stringify(frame({ downbeats: [[0.5, 1]], final: true, state: "complete" }));
    const text = `data: ${first}\n\ndata: ${last}\n\ndata: ${first}\n\n`;
    const frames: DownbeatsStreamFrame[] = [];
    await streamDownbeats(serve([text.slice(0, 17), text.slice(17, 90), text.slice(90)]))("song-1", (f) =>
      frames.push(f),
    );
    expect(frames.map((f) => f.final)).toEqual([false, true]);
  });

  it("skips malformed frames with a warning and logs failures, handing nothing on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const frames: DownbeatsStreamFrame[] = [];
    const onFrame = (f: DownbeatsStreamFrame) => frames.push(f);
    const good = JSON.stringify(frame({ final: true, state: "complete" }));
    await streamDownbeats(serve(`data: {oops\n\ndata: {"final":1}\n\ndata: ${good}\n\n`))("s", onFrame);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(frames).toHaveLength(1);

    await streamDownbeats(serve("", { status: 404 }))("s", onFrame);
    expect(error).toHaveBeenLastCalledWith("HTTP error streaming downbeats: 404");
    await streamDownbeats(serve("<html>", { headers: { "content-type": "text/html" } }))("s", onFrame);
    expect(error).toHaveBeenLastCalledWith("Unexpected content type for downbeats stream");
    await streamDownbeats(serve(`event: error\ndata: {"detail":"Timeout"}\n\n`))("s", onFrame);
    expect(error).toHaveBeenLastCalledWith("Downbeat analysis failed", '{"detail":"Timeout"}');
    expect(frames).toHaveLength(1);
  });

  it("reads a JSON answer as one frame", async () => {
    const frames: DownbeatsStreamFrame[] = [];
    const json = JSON.stringify(frame({ downbeats: [[0, 1]], final: true, state: "complete" }));
    await streamDownbeats(serve(json, { headers: { "content-type": "application/json" } }))("s", (f) =>
      frames.push(f),
    );
    expect(frames).toEqual([frame({ downbeats: [[0, 1]], final: true, state: "complete" })]);
  });
});
