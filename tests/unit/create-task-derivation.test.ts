import { describe, expect, it } from "vitest";
import { generateBodySchema } from "../../src/shared/api/generate.ts";
import type { Reference } from "../../src/shared/create/references.ts";
import {
  deriveTask,
  GENERATION_TASKS,
  type GenerationTask,
  isGenerationTask,
  taskForReferences,
} from "../../src/shared/create/task-derivation.ts";
import { forcedInferConfigFor } from "../../src/shared/create/vox-persona.ts";
import {
  referenceOptionsFromWireBody,
  referencesFromWireBody,
} from "../../src/shared/create/wire-references.ts";

const cover: Reference = { type: "cover", clipId: "cover-clip" };
const persona: Reference = { type: "persona", clipId: "root-clip", personaId: "persona-1" };
const extend: Reference = { type: "extend", clipId: "song", isUpload: false, startSeconds: 30 };
const uploadExtend: Reference = { type: "extend", clipId: "upload", isUpload: true, startSeconds: 12 };
const infill = (variant: "infill" | "fixed_infill" | "infill_intro" | "infill_outro"): Reference => ({
  type: "infill",
  clipId: "song",
  variant,
  startSeconds: 10,
  endSeconds: 20,
  generateFullContext: false,
});
const playlist: Reference = { type: "playlist", playlistId: "list", playlistClipIds: ["a", "b"] };
const sample: Reference = { type: "sample", sampleClipIds: ["a"] };
const underpaint: Reference = { type: "underpaint", clipId: "vocals" };
const overpaint: Reference = { type: "overpaint", clipId: "backing" };
const genStem: Reference = { type: "gen_stem", clipId: "song" };
const stemCondition: Reference = { type: "stem_condition", clipId: "song" };

const plain = { voxPersonaEnabled: false };
const vox = { voxPersonaEnabled: true };

const cases: readonly [GenerationTask, readonly Reference[], { voxPersonaEnabled: boolean }][] = [
  ["cover", [cover], plain],
  ["extend", [extend], plain],
  ["upload_extend", [uploadExtend], plain],
  ["artist_consistency", [persona], plain],
  ["vox", [persona], vox],
  ["infill", [infill("infill")], plain],
  ["fixed_infill", [infill("fixed_infill")], plain],
  ["infill_intro", [infill("infill_intro")], plain],
  ["infill_outro", [infill("infill_outro")], plain],
  ["cover_infill", [infill("infill"), cover], plain],
  ["artist_infill", [infill("infill"), persona], plain],
  ["gen_stem", [genStem], plain],
  ["stem_condition", [stemCondition], plain],
  ["stem_condition_infill", [stemCondition, infill("infill")], plain],
  ["cover_stem_condition", [cover, stemCondition], plain],
  ["artist_cover", [cover, persona], plain],
  ["vox_cover", [persona, cover], vox],
  ["artist_extend", [extend, persona], plain],
  ["playlist_condition", [playlist], plain],
  ["vox_playlist_condition", [playlist, persona], vox],
  ["underpainting", [underpaint], plain],
  ["overpainting", [overpaint], plain],
  ["sample_condition", [sample], plain],
];

describe("task derivation", () => {
  it("lists the 23 task values", () => {
    expect(GENERATION_TASKS).toHaveLength(23);
    expect(new Set(GENERATION_TASKS).size).toBe(23);
    expect(isGenerationTask("vox_cover")).toBe(true);
    expect(isGenerationTask("create")).toBe(false);
  });

  it.each(cases)("derives %s", (task, references, options) => {
    expect(deriveTask(references, options)).toBe(task);
  });

  it("reaches every task value", () => {
    expect(new Set(cases.map(([task]) => task))).toEqual(new Set(GENERATION_TASKS));
  });

  it("has no task without references", () => {
    expect(deriveTask([], plain)).toBeNull();
    expect(taskForReferences([], vox)).toEqual({ ok: true, task: null });
  });

  it("ignores the vox flag where no persona is involved", () => {
    expect(deriveTask([cover], vox)).toBe("cover");
    expect(deriveTask([extend, persona], vox)).toBe("artist_extend");
  });

  it("passes every supported combination through the rules", () => {
    const refused = new Set<GenerationTask>(["cover_infill", "artist_infill"]);
    for (const [task, references, options] of cases) {
      const resolution = taskForReferences(references, options);
      if (refused.has(task)) expect(resolution.ok).toBe(false);
      else expect(resolution).toEqual({ ok: true, task });
    }
  });

  it("refuses the unsupported infill cover and artist infill with the rules' messages", () => {
    expect(taskForReferences([infill("infill"), cover], plain)).toEqual({
      ok: false,
      message: "Infill cover is not supported",
    });
    expect(taskForReferences([infill("infill"), persona], plain)).toEqual({
      ok: false,
      message: "Artist infill is not supported",
    });
  });

  it("refuses a playlist with a persona unless the vox persona is on", () => {
    expect(taskForReferences([playlist, persona], plain)).toEqual({
      ok: false,
      message: "Playlist with persona needs vox persona enabled",
    });
  });
});

describe("references from the wire body", () => {
  const parse = (body: unknown) => generateBodySchema.parse(body);
  const upload = { continueClipIsUpload: false };

  it("reads a persona cover with the vox persona from forced_infer_config", () => {
    const body = parse({
      cover_clip_id: "c1",
      cover_start_s: 0,
      persona_id: "p1",
      artist_clip_id: "root",
      metadata: { forced_infer_config: forcedInferConfigFor({ enabled: true, gptCfg: 2, diffusionCfg: 5 }) },
    });
    const references = referencesFromWireBody(body, upload);
    expect(references.map((reference) => reference.type)).toEqual(["cover", "persona"]);
    expect(deriveTask(references, referenceOptionsFromWireBody(body))).toBe("vox_cover");
    expect(referenceOptionsFromWireBody(parse({ metadata: { forced_infer_config: { other: 1 } } }))).toEqual(
      plain,
    );
  });

  it("reads the continue clip as an extend, an upload extend or an infill", () => {
    const extendBody = parse({ continue_clip_id: "s", continue_at: 42 });
    expect(referencesFromWireBody(extendBody, upload)).toEqual([
      { type: "extend", clipId: "s", isUpload: false, startSeconds: 42 },
    ]);
    expect(deriveTask(referencesFromWireBody(extendBody, { continueClipIsUpload: true }), plain)).toBe(
      "upload_extend",
    );
    const infillBody = parse({
      continue_clip_id: "s",
      infill_start_s: 5,
      infill_end_s: 9,
      task: "infill_outro",
    });
    expect(deriveTask(referencesFromWireBody(infillBody, upload), plain)).toBe("infill_outro");
    const fullContext = parse({
      continue_clip_id: "s",
      infill_start_s: 5,
      infill_end_s: 9,
      infill_context_start_s: 0,
    });
    expect(taskForReferences(referencesFromWireBody(fullContext, upload), plain)).toEqual({
      ok: false,
      message: "Infill with generate-full-context needs all four infill and context boundaries defined",
    });
  });

  it("reads stems, playlists, samples and paintings", () => {
    const tasks = [
      [{ stem_condition_clip_id: "s", stem_task: "gen_stem" }, "gen_stem"],
      [{ stem_condition_clip_id: "s" }, "stem_condition"],
      [{ playlist_id: "l", playlist_clip_ids: ["a"] }, "playlist_condition"],
      [{ sample_clip_ids: ["a", "b"] }, "sample_condition"],
      [{ sample_clip_ids: [] }, null],
      [{ underpainting_clip_id: "v" }, "underpainting"],
      [{ overpainting_clip_id: "b" }, "overpainting"],
    ] as const;
    for (const [body, task] of tasks) {
      expect(deriveTask(referencesFromWireBody(parse(body), upload), plain)).toBe(task);
    }
  });
});
