import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { newClip, newProjectState, newTrack } from "../../src/shared/project/index.ts";
import {
  clipTiming,
  contentBeatsOf,
  contentSecondsAt,
  loopWrapBeats,
} from "../../src/studio/timeline/clip-timing.ts";
import { CLIP_HEADER_PX, RULER_HEIGHT } from "../../src/studio/timeline/constants.ts";
import { drawnGridStep, formatGrid, snapToGrid } from "../../src/studio/timeline/grid-spacing.ts";
import { hitTest } from "../../src/studio/timeline/hit-test.ts";
import { layoutOf, tempoOf } from "../../src/studio/timeline/project-geometry.ts";
import {
  layoutTracks,
  nearestTrackIndex,
  trackIndexAt,
  visibleTrackRange,
} from "../../src/studio/timeline/track-layout.ts";
import { Viewport } from "../../src/studio/timeline/viewport.ts";
import { clipIndexAt, firstClipEndingAfter } from "../../src/studio/timeline/visible-clips.ts";
import { levelFor, rasterizeWaveform } from "../../src/studio/timeline/waveform-raster.ts";

const view = { startBeat: 0, pixelsPerBeat: 100, scrollY: 0 };

describe("timeline hit testing", () => {
  const project = demoProject();
  const layout = layoutOf(project);
  const laneY = (track: number, y = 50) => RULER_HEIGHT + track * 88 + y;

  it("finds the ruler, clips, their edges and fade handles, and empty lanes", () => {
    expect(hitTest(project, layout, view, 150, 10)).toMatchObject({
      kind: "ruler",
      beat: 1.5,
      loopEdge: null,
    });
    expect(hitTest(project, layout, view, 300, laneY(0))).toMatchObject({
      kind: "clip",
      part: "body",
      trackIndex: 0,
    });
    expect(hitTest(project, layout, view, 3, laneY(0))).toMatchObject({ kind: "clip", part: "trimStart" });
    // The chords' first clip has a 4-beat fade-in: its handle sits at 400 px, under the name band.
    expect(hitTest(project, layout, view, 400, laneY(4, CLIP_HEADER_PX + 4))).toMatchObject({
      kind: "clip",
      part: "fadeIn",
    });
    expect(hitTest(project, layout, view, 400, laneY(4, 60))).toMatchObject({ kind: "clip", part: "body" });
    expect(hitTest(project, layout, view, 100, laneY(1))).toMatchObject({ kind: "lane", trackIndex: 1 });
    expect(hitTest(project, layout, view, 100, laneY(20))).toMatchObject({ kind: "none" });
  });

  it("finds the loop's handles in the ruler", () => {
    const wide = { startBeat: 0, pixelsPerBeat: 20, scrollY: 0 };
    expect(hitTest(project, layout, wide, 16 * 20 + 2, 10)).toMatchObject({
      kind: "ruler",
      loopEdge: "start",
    });
    expect(hitTest(project, layout, wide, 48 * 20 - 3, 10)).toMatchObject({ kind: "ruler", loopEdge: "end" });
  });

  it("does not let clips narrower than 4 px be dragged", () => {
    const far = { startBeat: 0, pixelsPerBeat: 0.2, scrollY: 0 };
    // The riser's 4-beat clip is 0.8 px wide at this zoom.
    const hit = hitTest(project, layout, far, 12.5 * 0.2, laneY(7));
    expect(hit).toMatchObject({ kind: "clip", draggable: false, part: "body" });
  });

  it("reads the lanes scrolled down", () => {
    expect(hitTest(project, layout, { ...view, scrollY: 88 }, 300, laneY(0))).toMatchObject({
      kind: "lane",
      trackIndex: 1,
    });
  });
});

describe("track layout and visible clips", () => {
  const tracks = [
    newTrack({ id: "a", height: 88 }),
    newTrack({ id: "b", height: 40 }),
    newTrack({ id: "c", height: 100 }),
  ];
  const layout = layoutTracks(tracks);

  it("stacks tracks by their heights", () => {
    expect([...layout.tops]).toEqual([0, 88, 128, 228]);
    expect(trackIndexAt(layout, 0)).toBe(0);
    expect(trackIndexAt(layout, 88)).toBe(1);
    expect(trackIndexAt(layout, 227)).toBe(2);
    expect(trackIndexAt(layout, 228)).toBe(-1);
    expect(nearestTrackIndex(layout, -5)).toBe(0);
    expect(nearestTrackIndex(layout, 500)).toBe(2);
    expect(visibleTrackRange(layout, 90, 130)).toEqual([1, 2]);
    expect(visibleTrackRange(layout, 300, 400)).toBeNull();
  });

  it("finds the first clip in view by binary search", () => {
    const clips = [
      { startBeats: 0, endBeats: 4 },
      { startBeats: 4, endBeats: 8 },
      { startBeats: 10, endBeats: 12 },
    ];
    expect(firstClipEndingAfter(clips, 0)).toBe(0);
    expect(firstClipEndingAfter(clips, 4)).toBe(1);
    expect(firstClipEndingAfter(clips, 9)).toBe(2);
    expect(firstClipEndingAfter(clips, 12)).toBe(3);
    expect(clipIndexAt(clips, 9)).toBe(-1);
    expect(clipIndexAt(clips, 10.5)).toBe(2);
  });
});

describe("grid", () => {
  it("thins grid lines drawn closer than 10 px and snaps to the grid", () => {
    expect(drawnGridStep(1, 100)).toBe(1);
    expect(drawnGridStep(1 / 32, 100)).toBe(1 / 8);
    expect(drawnGridStep(1, 2)).toBe(8);
    expect(snapToGrid(2.3, 0.5)).toBe(2.5);
    expect(snapToGrid(2.3, null)).toBe(2.3);
    expect(formatGrid(1 / 8)).toBe("1/8");
    expect(formatGrid(4)).toBe("4");
  });
});

describe("viewport", () => {
  it("zooms keeping the beat under the pointer in place, never before the start", () => {
    const viewport = new Viewport();
    viewport.setSize(1000, 500);
    viewport.setStartBeat(10);
    viewport.zoomAt(200, 400);
    expect(viewport.beatAt(400)).toBeCloseTo(14, 9);
    viewport.zoomAt(10, 0);
    expect(viewport.startBeat).toBeCloseTo(12, 9);
    viewport.setStartBeat(-5);
    expect(viewport.startBeat).toBe(0);
  });
});

describe("clip timing", () => {
  const state = newProjectState({ timing: { type: "manual", bps: 2 } });
  const tempo = tempoOf(state);

  it("maps timeline seconds to content seconds, folding into the loop past its end", () => {
    const clip = newClip({
      startBeats: 4,
      endBeats: 20,
      readStartBeats: 2,
      loop: { enabled: true, startBeats: 2, endBeats: 6 },
    });
    const timing = clipTiming(clip, tempo);
    // Anchored at beat 2 (1 s); the loop runs over content 1..3 s.
    expect(timing).toMatchObject({ anchorSeconds: 1, loopStart: 1, loopEnd: 3, loops: true });
    expect(contentSecondsAt(timing, 3)).toBe(2);
    expect(contentSecondsAt(timing, 4)).toBe(1);
    expect(contentSecondsAt(timing, 5.5)).toBe(2.5);
    const wraps: number[] = [];
    loopWrapBeats(clip, timing, tempo, 0, 100, 10, wraps);
    expect(wraps).toEqual([8, 12, 16]);
  });

  it("maps a warped (On Beat) clip's timeline seconds through its markers to its audio", () => {
    // Anchored at beat 0; content beat 2 (1 s from the anchor) plays audio second 0.6, beat 4 (2 s) 1.6.
    const markers = [
      { beats: 2, seconds: 0.6 },
      { beats: 4, seconds: 1.6 },
    ];
    const warped = (warp: object) => clipTiming(newClip({ startBeats: 0, endBeats: 16, warp }), tempo);
    const timing = warped({ enabled: true, markers, speed: 1 });
    expect(contentSecondsAt(timing, 1.5)).toBeCloseTo(1.1, 12);
    // Outside the markers the audio runs at the warp speed from the nearest marker.
    expect(contentSecondsAt(timing, 0.5)).toBeCloseTo(0.1, 12);
    expect(contentSecondsAt(timing, 3)).toBeCloseTo(2.6, 12);
    expect(contentSecondsAt(warped({ enabled: true, markers, speed: 2 }), 3)).toBeCloseTo(3.6, 12);
    // Warp off, or still waiting for its first markers: the audio's own rate, as the engine plays it.
    expect(contentSecondsAt(warped({ enabled: false, markers }), 3)).toBe(3);
    expect(contentSecondsAt(warped({ enabled: true, markers: [], awaitingAnalysis: true }), 3)).toBe(3);
    expect(contentSecondsAt(warped({ enabled: true, markers: [], speed: 0.5 }), 3)).toBe(1.5);
  });

  it("gives the trim limit of a clip's audio in beats from its anchor", () => {
    expect(contentBeatsOf(newClip({ startBeats: 4, endBeats: 8 }), tempo, 3)).toBe(6);
  });
});

describe("waveform raster", () => {
  it("draws min/max columns from the peaks, the samples when zoomed past the finest level", () => {
    const frames = 4800;
    const mono = new Float32Array(frames).map((_, i) => (i < 2400 ? 0.5 : -1) * (i % 2 === 0 ? 1 : -1));
    // One level of 256-frame blocks, built as the wasm does (min, max per block).
    const pairs = new Float32Array(2 * Math.ceil(frames / 256));
    for (let block = 0; block < pairs.length / 2; block++) {
      const part = mono.subarray(block * 256, (block + 1) * 256);
      pairs[2 * block] = Math.min(...part);
      pairs[2 * block + 1] = Math.max(...part);
    }
    const peaks = { frames, baseBlock: 256, levels: [pairs], sampleRate: 48_000, mono };
    expect(levelFor(peaks, 1000)).toBe(0);
    const height = 20;
    const stride = 64;
    const pixels = new Uint32Array(stride * height);
    const state = newProjectState({ timing: { type: "manual", bps: 10 } });
    const clip = newClip({ startBeats: 0, endBeats: 1 });
    // 10 beats a second: the clip's 0.1 s is 4800 frames over 10 columns of 480 frames.
    rasterizeWaveform(
      { pixels, stride, height },
      { fromBeat: 0, columns: 10, pixelsPerBeat: 10 },
      clipTiming(clip, tempoOf(state)),
      tempoOf(state),
      peaks,
    );
    const column = (c: number) =>
      Array.from({ length: height }, (_, row) => (pixels[row * stride + c] === 0 ? 0 : 1)).join("");
    expect(column(0)).toBe("00000111111111100000");
    expect(column(9)).toBe("11111111111111111111");
    expect(pixels[10]).toBe(0);
  });
});
