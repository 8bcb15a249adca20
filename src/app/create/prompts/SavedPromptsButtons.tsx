import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { TITLE_MAX } from "../../../shared/api/clips.ts";
import { savePromptBodySchema } from "../../../shared/api/prompts.ts";
import { cutText } from "../../../shared/create/input-truncation.ts";
import { i18n } from "../../i18n/i18n.ts";
import { openModal } from "../../shell/modal-store.ts";
import { showToast } from "../../shell/toast-store.ts";
import { formStore } from "../form-store.ts";
import { type SavedPromptKind, savePrompt } from "./saved-prompts-api.ts";
import "./prompts.css";

const SAVED_MS = 3000;
const NOT_SAVED_MS = 2000;
const notSaved = () => i18n.t("create:savedPromptsButtons.notSaved");

/** The fields a saved prompt keeps, by their names in the body. */
const FIELD_KEYS: Record<string, string> = {
  tags: "create:savedPromptsButtons.fieldStyles",
  negative_tags: "create:savedPromptsButtons.fieldExcludedStyles",
  lyrics: "create:savedPromptsButtons.fieldLyrics",
};

/** Why the server would refuse the body, in the user's words (a text past its limit). */
function refusal(error: z.ZodError): string {
  const [issue] = error.issues;
  if (issue?.code !== "too_big") return issue?.message ?? notSaved();
  const field = i18n.t(FIELD_KEYS[String(issue.path[0])] ?? "create:savedPromptsButtons.fieldOther");
  return i18n.t("create:savedPromptsButtons.tooLong", { field, max: Number(issue.maximum) });
}

/** Save the field's text as a prompt, or open the saved ones. */
export function SavedPromptsButtons({ kind }: { readonly kind: SavedPromptKind }) {
  const { t } = useTranslation("create");
  const [saving, setSaving] = useState(false);
  const noun = kind === "tags" ? "styles" : "lyrics";
  const save = async () => {
    const form = formStore.getState().form;
    if (form === null) return;
    const { custom } = form;
    const text = kind === "tags" ? custom.styles : custom.lyrics;
    // A saved prompt needs lyrics or styles: the field being saved must hold some.
    if (text.trim() === "") {
      showToast({ kind: "error", title: notSaved(), durationMs: NOT_SAVED_MS });
      return;
    }
    // The page sends only what the server takes: a text past its limit is said, not sent.
    const body = savePromptBodySchema.safeParse({
      tags: kind === "tags" ? custom.styles : "",
      negative_tags: kind === "tags" ? custom.excludeStyles : "",
      lyrics: kind === "lyrics" ? custom.lyrics : "",
      title: cutText(custom.title, TITLE_MAX),
    });
    if (!body.success) {
      showToast({
        kind: "error",
        title: notSaved(),
        description: refusal(body.error),
        durationMs: NOT_SAVED_MS,
      });
      return;
    }
    setSaving(true);
    try {
      await savePrompt(body.data);
      showToast({ kind: "info", title: t("savedPromptsButtons.promptSaved"), durationMs: SAVED_MS });
    } catch (error) {
      console.warn("Could not save the prompt", error);
      showToast({ kind: "error", title: notSaved(), durationMs: NOT_SAVED_MS });
    } finally {
      setSaving(false);
    }
  };
  return (
    <span className="create-prompt-buttons">
      <button
        type="button"
        className="create-small-button"
        disabled={saving}
        aria-label={t("savedPromptsButtons.save2", { noun })}
        onClick={save}
      >
        {t("savedPromptsButtons.save")}
      </button>
      <button
        type="button"
        className="create-small-button"
        aria-label={t("savedPromptsButtons.saved2", { noun })}
        onClick={() => openModal({ kind: kind === "tags" ? "stylesPrompts" : "lyricsPrompts" })}
      >
        {t("savedPromptsButtons.saved")}
      </button>
    </span>
  );
}
