// The create page's chat mode: a conversation about one song. Each message the user sends becomes a
// generation (the message as the description, the song as the cover reference: see
// src/shared/create/chat-request.ts) into the current workspace; its songs come back as the reply,
// and join the song list like any other generation.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import { chatFormState, chatReplyText } from "../../shared/create/chat-request.ts";
import { canUseBillingModel, defaultModelKey } from "../../shared/create/model-rules.ts";
import { ApiError } from "../account/api-request.ts";
import { accountStore, refreshBilling } from "../account/session-store.ts";
import { formStore } from "./form-store.ts";
import { preparePageGeneration, sendGeneration } from "./generate-flow.ts";
import { showGenerationError, showSystemError } from "./generation-error-toasts.ts";
import { pollNow } from "./generation-updates.ts";
import { openModelUpsell } from "./ModelPicker.tsx";

export interface ChatMessage {
  readonly id: number;
  readonly role: "user" | "assistant";
  readonly text: string;
  /** The songs a reply carries, as they first came back (the song list keeps them current). */
  readonly clips: readonly Clip[];
  readonly failed: boolean;
}

/** Conversations of this page visit, by referenced song. */
export const chatStore = createStore<{ readonly byRef: Readonly<Record<string, readonly ChatMessage[]>> }>(
  () => ({ byRef: {} }),
);

const NO_MESSAGES: readonly ChatMessage[] = [];
export const useChatMessages = (refId: string): readonly ChatMessage[] =>
  useStore(chatStore, (state) => state.byRef[refId] ?? NO_MESSAGES);

let nextId = 1;

function say(refId: string, message: Omit<ChatMessage, "id">): void {
  const id = nextId++;
  chatStore.setState((state) => ({
    byRef: { ...state.byRef, [refId]: [...(state.byRef[refId] ?? []), { ...message, id }] },
  }));
}

/** Sends one message; answers true when it became a generation (the box may be cleared). */
export async function sendChatMessage(reference: Clip, text: string, wid: string | null): Promise<boolean> {
  const { session, billing } = accountStore.getState();
  if (session === null || billing === null) return false;
  const formModel = formStore.getState().form?.global.model;
  const key =
    formModel !== undefined && canUseBillingModel(billing.models, formModel)
      ? formModel
      : defaultModelKey(billing.models);
  const model = billing.models.find((candidate) => candidate.external_key === key);
  if (model === undefined) return false;
  const prepared = preparePageGeneration(
    chatFormState(key, reference.id, text),
    model,
    session,
    billing,
    wid,
  );
  if (prepared.kind === "upsell") {
    openModelUpsell(model);
    return false;
  }
  say(reference.id, { role: "user", text: text.trim(), clips: [], failed: false });
  if (prepared.kind === "invalid") {
    say(reference.id, { role: "assistant", text: prepared.message, clips: [], failed: true });
    return true;
  }
  try {
    const clips = await sendGeneration(prepared.body);
    say(reference.id, {
      role: "assistant",
      text: chatReplyText(clips.length, reference.title),
      clips,
      failed: false,
    });
  } catch (error) {
    if (error instanceof ApiError) showGenerationError(error, session);
    else showSystemError(error);
    const detail = error instanceof ApiError ? error.detail : "Something went wrong.";
    say(reference.id, { role: "assistant", text: detail, clips: [], failed: true });
  } finally {
    void refreshBilling();
  }
  void pollNow();
  return true;
}
