import { describe, expect, it } from "vitest";
import { generateBodySchema } from "../../src/shared/api/generate.ts";
import type { Conditions } from "../../src/shared/create/conditions.ts";
import type { CreateFormState } from "../../src/shared/create/form-state.ts";
import { prepareGeneration } from "../../src/shared/create/generation-preparation.ts";
import {
  assembleGenerationRequest,
  durationToSend,
  referencesFromConditions,
  type WireContext,
  wireBody,
} from "../../src/shared/create/request-assembly.ts";
import { voxPersonaEnabledIn } from "../../src/shared/create/vox-persona.ts";
import { FREE_MODELS, freshState, PRO_MODELS, persona, proSession as session } from "./create-fixtures.ts";

const modelOf = (key: string) => {
  const model = PRO_MODELS.find((candidate) => candidate.external_key === key);
  if (!model) throw new Error(key);
  return model;
};

const context = (key: string): WireContext => ({
  transactionUuid: "7d0f6c1e-2f5b-4a44-9f0e-000000000001",
  model: modelOf(key),
  session,
  pathname: "/create",
  createSessionToken: "session-token",
  fromStudioProjectId: null,
});

const customState = (
  values: Partial<CreateFormState["custom"]> = {},
  model = "chirp-crow",
  conditions?: Conditions,
): CreateFormState => {
  const state = freshState(model);
  return {
    ...state,
    global: { ...state.global, mode: "custom", conditions: conditions ?? state.global.conditions },
    custom: { ...state.custom, ...values },
  };
};
const body = (state: CreateFormState, projectId: string | null = null) =>
  wireBody(assembleGenerationRequest(state, projectId), context(state.global.model));

describe("duration", () => {
  it("is sent only between 120 and 480 s inclusive", () => {
    expect(durationToSend(119)).toBeNull();
    expect(durationToSend(120)).toBe(120);
    expect(durationToSend(480)).toBe(480);
    expect(durationToSend(481)).toBeNull();
    expect(durationToSend(null)).toBeNull();
    expect(body(customState({ styles: "rock", durationSeconds: 119 })).duration).toBeUndefined();
    expect(body(customState({ styles: "rock", durationSeconds: 120 })).duration).toBe(120);
    expect(body(customState({ styles: "rock", durationSeconds: 480 })).duration).toBe(480);
    expect(body(customState({ styles: "rock", durationSeconds: 481 })).duration).toBeUndefined();
  });
});

describe("control sliders", () => {
  it("are omitted at their defaults", () => {
    const sent = body(customState({ styles: "rock" }));
    expect(sent.metadata?.control_sliders).toBeUndefined();
  });

  it("are scaled to 0-1, each only when moved", () => {
    const sent = body(customState({ styles: "rock", weirdness: 80, styleInfluence: 50 }));
    expect(sent.metadata?.control_sliders).toEqual({
      weirdness_constraint: 0.8,
      can_control_sliders: ["weirdness_constraint", "style_weight"],
    });
    const zero = body(customState({ styles: "rock", styleInfluence: 0 }));
    expect(zero.metadata?.control_sliders?.style_weight).toBe(0);
  });

  it("send the audio slider only with references", () => {
    expect(
      body(customState({ styles: "rock", audioInfluence: 90 })).metadata?.control_sliders,
    ).toBeUndefined();
    const cover: Conditions = { untimed: { cover: { clipId: "c" } }, timed: null };
    const sent = body(customState({ styles: "rock", audioInfluence: 90 }, "chirp-crow", cover));
    expect(sent.metadata?.control_sliders).toEqual({
      audio_weight: 0.9,
      can_control_sliders: ["weirdness_constraint", "style_weight", "audio_weight"],
    });
  });

  it("are not sent when the model does not allow them", () => {
    expect(
      body(customState({ styles: "rock", weirdness: 80 }, "chirp-v4")).metadata?.control_sliders,
    ).toBeUndefined();
    expect(
      body(customState({ styles: "rock", weirdness: 80 }, "chirp-v4-5-plus")).metadata?.control_sliders,
    ).toEqual({
      weirdness_constraint: 0.8,
      can_control_sliders: ["weirdness_constraint", "style_weight"],
    });
  });
});

describe("instrumental and lyrics", () => {
  it("custom mode with blank lyrics and no mumble mode is instrumental", () => {
    const sent = body(customState({ styles: "rock", lyrics: "  \n" }));
    expect(sent.make_instrumental).toBe(true);
    expect(sent.prompt).toBe("");
  });

  it("mumble mode keeps blank lyrics sung", () => {
    const state = customState({ styles: "rock" }, "chirp-v4-5-plus");
    const sent = body({ ...state, other: { ...state.other, mumbleMode: true } });
    expect(sent.make_instrumental).toBe(false);
    expect(sent.metadata?.is_mumble).toBe(true);
  });

  it("mumble mode is not sent for a model without it", () => {
    const state = customState({ styles: "rock" }, "chirp-v4");
    const sent = body({ ...state, other: { ...state.other, mumbleMode: true } });
    expect(sent.metadata?.is_mumble).toBe(false);
    expect(sent.make_instrumental).toBe(true);
  });

  it("lyrics are sung; auto lyrics send their subject", () => {
    const sung = body(customState({ styles: "rock", lyrics: "[Verse]\nhello" }));
    expect(sung).toMatchObject({ make_instrumental: false, prompt: "[Verse]\nhello" });
    expect(sung.gpt_description_prompt).toBeUndefined();
    const auto = body(customState({ lyricsMode: "auto", lyricsPrompt: "a summer road trip" }));
    expect(auto).toMatchObject({
      make_instrumental: false,
      prompt: "",
      gpt_description_prompt: "a summer road trip",
    });
  });

  it("simple mode sends the description and its instrumental switch", () => {
    const state = freshState("chirp-crow");
    const sent = body({ ...state, simple: { prompt: " a calm lullaby ", instrumental: true } });
    expect(sent).toMatchObject({ gpt_description_prompt: "a calm lullaby", make_instrumental: true });
    expect(sent.metadata?.create_mode).toBe("simple");
    expect(sent.tags).toBeUndefined();
    expect(sent.prompt).toBeUndefined();
  });
});

describe("vocal gender", () => {
  it("is sent as m or f and omitted when unspecified", () => {
    expect(body(customState({ styles: "rock", vocalGender: "male" })).metadata?.vocal_gender).toBe("m");
    expect(body(customState({ styles: "rock", vocalGender: "female" })).metadata?.vocal_gender).toBe("f");
    const unspecified = body(customState({ styles: "rock" }));
    expect(unspecified.metadata).not.toHaveProperty("vocal_gender");
  });
});

describe("exclude styles", () => {
  it("are sent only when enabled", () => {
    const state = customState({ styles: "rock", excludeStyles: "metal" });
    expect(body(state).negative_tags).toBe("metal");
    expect(body({ ...state, other: { ...state.other, excludeStylesEnabled: false } })).not.toHaveProperty(
      "negative_tags",
    );
  });
});

describe("truncation to the billing model", () => {
  it.each([
    ["chirp-v3-5", 200, 3000],
    ["chirp-v4", 200, 3000],
    ["chirp-v4-5", 1000, 5000],
    ["chirp-crow", 1000, 5000],
  ] as const)("%s: tags to %i, lyrics to %i, negative tags to the fixed limit", (key, tags, lyrics) => {
    const sent = body(
      customState(
        {
          styles: "s".repeat(6000),
          lyrics: "l".repeat(6000),
          excludeStyles: "n".repeat(6000),
          title: "t".repeat(300),
        },
        key,
      ),
    );
    expect(sent.tags).toHaveLength(tags);
    expect(sent.prompt).toHaveLength(lyrics);
    expect(sent.negative_tags).toHaveLength(1000);
    expect(sent.title).toHaveLength(100);
  });

  it("cuts the simple description", () => {
    const state = freshState("chirp-v3-5");
    const sent = body({ ...state, simple: { prompt: "d".repeat(900), instrumental: false } });
    expect(sent.gpt_description_prompt).toHaveLength(200);
  });
});

describe("references, task and metadata", () => {
  it("a persona cover with the vox persona: vox_cover, the persona fields and the defaults gptCfg 2 / diffusionCfg 5", () => {
    const conditions: Conditions = {
      untimed: { cover: { clipId: "c" }, persona, voxPersona: { enabled: true, gptCfg: 2, diffusionCfg: 5 } },
      timed: null,
    };
    const request = assembleGenerationRequest(
      customState({ styles: "pop" }, "chirp-crow", conditions),
      "project-1",
    );
    expect(request.task).toBe("vox_cover");
    expect(request.voxPersonaConfig).toEqual({ enabled: true, gptCfg: 2, diffusionCfg: 5 });
    expect(request.isRemix).toBe(true);
    const sent = wireBody(request, context("chirp-crow"));
    expect(sent).toMatchObject({
      task: "vox_cover",
      project_id: "project-1",
      cover_clip_id: "c",
      persona_id: "persona-1",
      artist_clip_id: "persona-root",
    });
    expect(voxPersonaEnabledIn(sent.metadata?.forced_infer_config)).toBe(true);
  });

  it("an extend, an upload extend and paintings", () => {
    const extend = (isUpload: boolean): Conditions => ({
      untimed: {},
      timed: { type: "extend", clipId: "e", startSeconds: 61.2, isUpload },
    });
    expect(body(customState({}, "chirp-crow", extend(false)))).toMatchObject({
      task: "extend",
      continue_clip_id: "e",
      continue_at: 61.2,
    });
    expect(body(customState({}, "chirp-crow", extend(true))).task).toBe("upload_extend");
    const under = body(
      customState({}, "chirp-crow", { untimed: {}, timed: { type: "underpaint", clipId: "v" } }),
    );
    expect(under).toMatchObject({ task: "underpainting", underpainting_clip_id: "v" });
    const over = body(
      customState({}, "chirp-crow", { untimed: {}, timed: { type: "overpaint", clipId: "b" } }),
    );
    expect(over).toMatchObject({ task: "overpainting", overpainting_clip_id: "b" });
  });

  it("inspiration clips narrow a playlist, or go as samples without one", () => {
    const withPlaylist = referencesFromConditions(
      customState({}, "chirp-crow", {
        untimed: { playlist: { playlistId: "p", playlistName: "P" }, inspiration: { clipIds: ["a", "b"] } },
        timed: null,
      }),
    );
    expect(withPlaylist).toEqual([{ type: "playlist", playlistId: "p", playlistClipIds: ["a", "b"] }]);
    const alone = referencesFromConditions(
      customState({}, "chirp-crow", {
        untimed: { inspiration: { clipIds: ["a", "b"] }, sample: { clipIds: ["b", "c"] } },
        timed: null,
      }),
    );
    expect(alone).toEqual([{ type: "sample", sampleClipIds: ["b", "c", "a"] }]);
  });

  it("plain songs have no task and are not remixes", () => {
    const sent = body(customState({ styles: "rock", title: " My song " }));
    expect(sent.task).toBeUndefined();
    expect(sent.title).toBe("My song");
    expect(sent.metadata).toMatchObject({
      web_client_pathname: "/create",
      is_max_mode: false,
      is_mumble: false,
      create_mode: "custom",
      user_tier: "pro",
      create_session_token: "session-token",
      is_remix: false,
      lyrics_model: "default",
    });
    expect(sent.mv).toBe("chirp-crow");
    expect(sent.generation_type).toBe("TEXT");
    expect(sent.transaction_uuid).toBe("7d0f6c1e-2f5b-4a44-9f0e-000000000001");
  });

  it("sends the form's generation type, TEXT when it has none", () => {
    const state = customState({ styles: "rock" });
    const typed = { ...state, other: { ...state.other, generationType: "IMAGE" } };
    expect(body(typed).generation_type).toBe("IMAGE");
    const untyped = { ...state, other: { ...state.other, generationType: " " } };
    expect(body(untyped).generation_type).toBe("TEXT");
  });

  it("personalization follows the chameleon condition", () => {
    const chameleon: Conditions = {
      untimed: { chameleon: { enabled: true, targetUserId: "u2", personalizeLyrics: true } },
      timed: null,
    };
    expect(body(customState({ styles: "rock" }, "chirp-crow", chameleon))).toMatchObject({
      use_personalization: true,
      personalization_user_uuid: "u2",
      do_personalize_lyrics: true,
    });
  });

  it("every assembled body parses with the wire schema and has no undefined fields", () => {
    const states = [
      customState({
        styles: "rock",
        weirdness: 10,
        vocalGender: "female",
        durationSeconds: 200,
        maxMode: true,
      }),
      customState({}, "chirp-crow", { untimed: { persona }, timed: null }),
      freshState("chirp-v3-5"),
    ];
    for (const state of states) {
      const sent = body(state);
      expect(generateBodySchema.parse(JSON.parse(JSON.stringify(sent)))).toEqual(sent);
      expect(JSON.stringify(sent)).not.toContain("undefined");
    }
  });
});

describe("preparing a generation", () => {
  const wire = { ...context("chirp-crow"), projectId: null };

  it("runs the form checks first", () => {
    expect(prepareGeneration(customState(), { credits: 50, exempt: false }, wire)).toEqual({
      kind: "invalid",
      message: "Enter styles or lyrics to create",
    });
  });

  it("opens the upsell for a model the user may not use", () => {
    const free = FREE_MODELS.find((model) => model.external_key === "chirp-crow");
    if (!free) throw new Error("no crow model");
    expect(
      prepareGeneration(
        customState({ styles: "rock" }),
        { credits: 50, exempt: false },
        { ...wire, model: free },
      ),
    ).toEqual({
      kind: "upsell",
    });
  });

  it("refuses combinations the rules refuse", () => {
    const state = customState({}, "chirp-crow", {
      untimed: { sample: { clipIds: ["s"] }, cover: { clipId: "c" } },
      timed: null,
    });
    expect(prepareGeneration(state, { credits: 50, exempt: false }, wire)).toEqual({
      kind: "invalid",
      message: "Sample cannot be combined with any other operation",
    });
  });

  it("gives the request and the body when all is well", () => {
    const prepared = prepareGeneration(customState({ styles: "rock" }), { credits: 50, exempt: false }, wire);
    expect(prepared.kind).toBe("ready");
    if (prepared.kind === "ready") expect(prepared.body.tags).toBe("rock");
  });
});
