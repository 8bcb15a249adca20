// The timeline view's rules: the zoom a project opens at (its length in view, with a margin) and
// where the view pages to while following the playhead.

import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { newProjectState } from "../../src/shared/project/index.ts";
import { contentEndBeats } from "../../src/studio/editing/index.ts";
import { INITIAL_PIXELS_PER_BEAT, MIN_PIXELS_PER_BEAT } from "../../src/studio/timeline/constants.ts";
import { FIT_MARGIN, fitPixelsPerBeat } from "../../src/studio/timeline/fit-zoom.ts";
import { FOLLOW_PAGE_AT, FOLLOW_PAGE_TO, followedStartBeat } from "../../src/studio/timeline/follow.ts";
import { Viewport } from "../../src/studio/timeline/viewport.ts";

describe("the zoom a project opens at", () => {
  it("shows the demo's 16 bars and a small margin in the canvas", () => {
    const end = contentEndBeats(demoProject());
    expect(end).toBe(64);
    const pixelsPerBeat = fitPixelsPerBeat(end, 1000);
    expect(1000 / pixelsPerBeat).toBeCloseTo(64 * (1 + FIT_MARGIN), 9);
    expect(1000 / pixelsPerBeat).toBeLessThan(64 * 1.1);
  });

  it("keeps the initial 100 px per beat for a project with no clips", () => {
    expect(fitPixelsPerBeat(contentEndBeats(newProjectState({})), 1000)).toBe(INITIAL_PIXELS_PER_BEAT);
  });

  it("never zooms closer than the initial zoom for a short project", () => {
    expect(fitPixelsPerBeat(2, 1000)).toBe(INITIAL_PIXELS_PER_BEAT);
  });

  it("never zooms out past the furthest zoom for a very long one", () => {
    expect(fitPixelsPerBeat(1e6, 1000)).toBe(MIN_PIXELS_PER_BEAT);
  });

  it("the view fits once, when the canvas first has a width, from the start", () => {
    const viewport = new Viewport();
    viewport.setStartBeat(12);
    viewport.fitOnFirstSize(64);
    expect(viewport.pixelsPerBeat).toBe(INITIAL_PIXELS_PER_BEAT);
    viewport.setSize(1000, 600);
    expect(viewport.startBeat).toBe(0);
    expect(viewport.endBeat).toBeCloseTo(64 * (1 + FIT_MARGIN), 9);
    // A later resize (a sidebar opening) keeps the zoom the user may since have changed.
    viewport.zoomAt(50, 0);
    viewport.setSize(800, 600);
    expect(viewport.pixelsPerBeat).toBe(50);
  });

  it("fits at once when the canvas already has its width", () => {
    const viewport = new Viewport();
    viewport.setSize(1000, 600);
    viewport.fitOnFirstSize(200);
    expect(viewport.endBeat).toBeCloseTo(200 * (1 + FIT_MARGIN), 9);
  });
});

describe("following the playhead", () => {
  it("leaves the view alone while the playhead is inside its first 90 %", () => {
    expect(followedStartBeat(0, 0, 20)).toBeNull();
    expect(followedStartBeat(10, 0, 20)).toBeNull();
    expect(followedStartBeat(FOLLOW_PAGE_AT * 20, 0, 20)).toBeNull();
  });

  it("pages once the playhead passes 90 % of the view, so it is then 10 % across", () => {
    const start = followedStartBeat(18.5, 0, 20);
    expect(start).toBeCloseTo(18.5 - FOLLOW_PAGE_TO * 20, 9);
    // On the new page the playhead is inside again: no paging back and forth.
    expect(followedStartBeat(18.6, start ?? Number.NaN, 20)).toBeNull();
  });

  it("brings back a playhead left of the view (a loop wrapped, a seek), never before beat 0", () => {
    expect(followedStartBeat(1, 40, 20)).toBe(0);
    expect(followedStartBeat(30, 40, 20)).toBeCloseTo(28, 9);
  });

  it("does nothing while the canvas has no width", () => {
    expect(followedStartBeat(50, 0, 0)).toBeNull();
  });
});
