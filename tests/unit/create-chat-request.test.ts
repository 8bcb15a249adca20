import { describe, expect, it } from "vitest";
import { chatFormState, chatReplyText } from "../../src/shared/create/chat-request.ts";
import { FORM_CHECK_MESSAGES } from "../../src/shared/create/form-checks.ts";
import { prepareGeneration } from "../../src/shared/create/generation-preparation.ts";
import { PRO_MODELS, proSession as session } from "./create-fixtures.ts";

const CLIP = "0b6c3c52-1a7f-4c33-9f3c-5b1a6a0c7f00";

describe("chat mode requests", () => {
  const model = PRO_MODELS.find((candidate) => candidate.external_key === "chirp-crow");
  if (model === undefined) throw new Error("chirp-crow is a billing model");
  const context = {
    transactionUuid: "chat-1",
    model,
    session,
    pathname: "/create",
    createSessionToken: null,
    fromStudioProjectId: null,
    projectId: "workspace-1",
  };
  const standing = { credits: 100, exempt: false };

  it("sends the message as the description, covering the referenced song, into the workspace", () => {
    const prepared = prepareGeneration(
      chatFormState(model.external_key, CLIP, "  make it a slow jazz ballad "),
      standing,
      context,
    );
    expect(prepared.kind).toBe("ready");
    if (prepared.kind !== "ready") return;
    expect(prepared.request.task).toBe("cover");
    expect(prepared.body).toMatchObject({
      task: "cover",
      cover_clip_id: CLIP,
      gpt_description_prompt: "make it a slow jazz ballad",
      make_instrumental: false,
      project_id: "workspace-1",
      mv: "chirp-crow",
      metadata: { create_mode: "simple", is_remix: true },
    });
    expect(prepared.body.prompt).toBeUndefined();
  });

  it("applies the form's checks: a blank or over-long message, no credits", () => {
    const blank = prepareGeneration(chatFormState(model.external_key, CLIP, "   "), standing, context);
    expect(blank).toEqual({ kind: "invalid", message: FORM_CHECK_MESSAGES.enterDescription });
    const long = "x".repeat(model.max_lengths.gpt_description_prompt + 1);
    expect(prepareGeneration(chatFormState(model.external_key, CLIP, long), standing, context)).toEqual({
      kind: "invalid",
      message: FORM_CHECK_MESSAGES.descriptionTooLong,
    });
    expect(
      prepareGeneration(
        chatFormState(model.external_key, CLIP, "hi"),
        { credits: 0, exempt: false },
        context,
      ),
    ).toEqual({ kind: "invalid", message: FORM_CHECK_MESSAGES.outOfCredits });
  });

  it("replies naming the song and how many takes came back", () => {
    expect(chatReplyText(2, "Night Bus")).toBe('Here are 2 new takes on "Night Bus".');
    expect(chatReplyText(1, " ")).toBe('Here is a new take on "Untitled".');
  });
});
