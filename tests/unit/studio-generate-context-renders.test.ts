import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { RenderStateBody } from "../../src/shared/api/studio-render.ts";
import { newClip, newProjectState, newTrack } from "../../src/shared/project/index.ts";
import { ContextRenders, contextRenderKey } from "../../src/studio/generate/context-renders.ts";

const state = (endBeats: number) =>
  newProjectState({
    tracks: [newTrack({ id: "t", clips: [newClip({ id: "c", clipId: "song", startBeats: 0, endBeats })] })],
  });

const body = (endBeats: number, title = "Song"): RenderStateBody => ({
  title,
  state: state(endBeats),
  start_beats: 0,
  end_beats: 32,
});

/** Renders that answer when told to, counting what was asked. */
function renders() {
  const asked: RenderStateBody[] = [];
  const answers: { resolve: (clip: Clip) => void; reject: (error: Error) => void }[] = [];
  const render = (request: RenderStateBody) => {
    asked.push(request);
    return new Promise<Clip>((resolve, reject) => answers.push({ resolve, reject }));
  };
  return { asked, answers, contextRenders: new ContextRenders(render) };
}

describe("context renders ahead of Generate", () => {
  it("keys a render by the state and range, not the title", () => {
    expect(contextRenderKey(body(16, "A"))).toBe(contextRenderKey(body(16, "B")));
    expect(contextRenderKey(body(16))).not.toBe(contextRenderKey(body(24)));
    expect(contextRenderKey(body(16))).not.toBe(contextRenderKey({ ...body(16), end_beats: 40 }));
  });

  it("reuses the render under way for the same context and renders again when it changes", () => {
    const { asked, contextRenders } = renders();
    const first = contextRenders.get(body(16, "A"));
    expect(contextRenders.get(body(16, "B"))).toBe(first);
    expect(asked).toHaveLength(1);
    contextRenders.get(body(24));
    expect(asked).toHaveLength(2);
  });

  it("does not keep a failed render: the next ask renders again", async () => {
    const { asked, answers, contextRenders } = renders();
    const failed = contextRenders.get(body(16));
    answers[0].reject(new Error("Failed to render state"));
    await expect(failed).rejects.toThrow("Failed to render state");
    contextRenders.get(body(16));
    expect(asked).toHaveLength(2);
  });
});
