// The studio generation's request: the plan read from the project (mode, refusal, context, seconds
// in the render) and the body through the create page's preparation (same checks and refusals).

import { describe, expect, it } from "vitest";
import { EMPTY_TRACKS_MESSAGE } from "../../src/shared/studio-generate/blocking-messages.ts";
import { studioGenerateBody } from "../../src/studio/generate/generate-body.ts";
import {
  contextRenderState,
  type GenerateSettings,
  planGeneration,
} from "../../src/studio/generate/generation-plan.ts";
import { freshState, PRO_MODELS, persona, proSession } from "./create-fixtures.ts";
import { clip, project, track } from "./studio-fixtures.ts";

/** 2 beats a second; the song's clip covers beats 0..200 (100 s); a second track has its own clip. */
const state = (anchorBeats: number, focusBeats: number) =>
  project(
    [track("song", [clip("whole", 0, 200, { clipId: "song-1" })]), track("other", [clip("o", 0, 50)])],
    { trackIds: ["song"], focusedTrackId: "song", anchorBeats, focusBeats },
    { timing: { type: "manual", bps: 2 } },
  );

const settings = (init: Partial<GenerateSettings> = {}): GenerateSettings => ({
  replaceMode: "smart_infill",
  endSelectionMode: "replace",
  contextWindowBeats: 32,
  editMode: false,
  ...init,
});

const form = () => {
  const base = freshState();
  return { ...base, custom: { ...base.custom, styles: "folk" } };
};

const model = PRO_MODELS.find((candidate) => candidate.external_key === "chirp-crow");
if (model === undefined) throw new Error("chirp-crow is not listed");
const wire = {
  transactionUuid: "t-1",
  model,
  session: proSession,
  pathname: "/studio",
  createSessionToken: null,
  fromStudioProjectId: "p-1",
  projectId: null,
};
const standing = { credits: 100, exempt: false };

describe("the plan read from the project", () => {
  it("replaces with the whole song as context in smart infill, in seconds of the render", () => {
    // The selection was dragged backwards: focus before anchor.
    const plan = planGeneration(state(96, 64), settings());
    expect(plan).toMatchObject({
      mode: "replace",
      blocked: null,
      trackId: "song",
      range: { startBeats: 64, endBeats: 96 },
      lengthSeconds: 16,
      context: { startBeats: 0, endBeats: 200 },
      windowShown: false,
      seconds: { infillStart: 32, infillEnd: 48, contextEnd: 100 },
    });
  });

  it("takes the 32-beat window each side in classic replace", () => {
    const plan = planGeneration(state(64, 96), settings({ replaceMode: "classic" }));
    expect(plan.windowShown).toBe(true);
    expect(plan.context).toEqual({ startBeats: 32, endBeats: 128 });
    expect(plan.seconds).toEqual({ infillStart: 16, infillEnd: 32, contextEnd: 48 });
  });

  it("refuses a selection on an empty track with the message", () => {
    const empty = project([track("empty")], {
      trackIds: ["empty"],
      focusedTrackId: "empty",
      anchorBeats: 0,
      focusBeats: 8,
    });
    expect(planGeneration(empty, settings()).blocked).toBe(EMPTY_TRACKS_MESSAGE);
  });

  it("renders the target track alone, audible, without its lanes", () => {
    const rendered = contextRenderState(state(0, 8), "song");
    expect(rendered.tracks.map((candidate) => candidate.id)).toEqual(["song"]);
  });
});

describe("the generation body", () => {
  it("sends an infill of the rendered clip with its boundaries and context in seconds", () => {
    const plan = planGeneration(state(64, 96), settings({ replaceMode: "classic" }));
    const prepared = studioGenerateBody(plan, "render-1", form(), "classic", standing, wire, null);
    if (prepared.kind !== "ready") throw new Error(`not ready: ${JSON.stringify(prepared)}`);
    expect(prepared.body).toMatchObject({
      continue_clip_id: "render-1",
      task: "infill",
      infill_start_s: 16,
      infill_end_s: 32,
      infill_dur_s: 16,
      infill_context_start_s: 0,
      infill_context_end_s: 48,
      tags: "folk, 120 bpm",
      metadata: { from_studio_project_id: "p-1", web_client_pathname: "/studio" },
    });
  });

  it("carries the project's tempo and key in the styles, unless the styles name their own", () => {
    const plan = planGeneration(state(64, 96), settings());
    expect(plan.tempoBpm).toBe(120);
    expect(plan.songIds).toEqual(["song-1"]);
    const tags = (styles: string) => {
      const ready = studioGenerateBody(
        plan,
        "render-1",
        { ...form(), custom: { ...form().custom, styles } },
        "smart_infill",
        standing,
        wire,
        "A minor",
      );
      return ready.kind === "ready" ? ready.body.tags : `not ready: ${ready.kind}`;
    };
    expect(tags("folk")).toBe("folk, 120 bpm, in A minor");
    expect(tags("folk, 90 bpm, in D major")).toBe("folk, 90 bpm, in D major");
    const extend = planGeneration(state(200, 232), settings({ endSelectionMode: "extend" }));
    const extended = studioGenerateBody(
      extend,
      "render-1",
      form(),
      "smart_infill",
      standing,
      wire,
      "C# minor",
    );
    expect(extended.kind === "ready" && extended.body.tags).toBe("folk, 120 bpm, in C# minor");
  });

  it("asks for fixed_infill in fixed replace mode", () => {
    const plan = planGeneration(state(64, 80), settings({ replaceMode: "fixed" }));
    const prepared = studioGenerateBody(plan, "render-1", form(), "fixed", standing, wire, null);
    expect(prepared.kind === "ready" && prepared.body.task).toBe("fixed_infill");
  });

  it("extends from the render's end, without infill fields", () => {
    const plan = planGeneration(state(200, 232), settings({ endSelectionMode: "extend" }));
    expect(plan.mode).toBe("extend");
    const prepared = studioGenerateBody(plan, "render-1", form(), "smart_infill", standing, wire, null);
    if (prepared.kind !== "ready") throw new Error("not ready");
    expect(prepared.body).toMatchObject({ continue_clip_id: "render-1", continue_at: 100, task: "extend" });
    expect(prepared.body.infill_start_s).toBeUndefined();
    expect(prepared.body.infill_context_end_s).toBeUndefined();
  });

  it("refuses cover and artist infill, and a form with no credits, with the create page's words", () => {
    const plan = planGeneration(state(64, 96), settings());
    const withCover = {
      ...form(),
      global: { ...form().global, conditions: { untimed: { cover: { clipId: "c-1" } }, timed: null } },
    };
    expect(studioGenerateBody(plan, "render-1", withCover, "smart_infill", standing, wire, null)).toEqual({
      kind: "invalid",
      message: "Infill cover is not supported",
    });
    const withPersona = {
      ...form(),
      global: { ...form().global, conditions: { untimed: { persona }, timed: null } },
    };
    expect(studioGenerateBody(plan, "render-1", withPersona, "smart_infill", standing, wire, null)).toEqual({
      kind: "invalid",
      message: "Artist infill is not supported",
    });
    expect(
      studioGenerateBody(plan, "render-1", form(), "smart_infill", { credits: 0, exempt: false }, wire, null),
    ).toEqual({
      kind: "invalid",
      message: "Out of credits.",
    });
  });
});
