import { useState } from "react";
import { formStore } from "../form-store.ts";
import { openModal } from "../modal-store.ts";
import { showToast } from "../toast-store.ts";
import { type SavedPromptKind, savePrompt } from "./saved-prompts-api.ts";

const SAVED_MS = 3000;
const NOT_SAVED_MS = 2000;

/** Save the field's text as a prompt, or open the saved ones. */
export function SavedPromptsButtons({ kind }: { readonly kind: SavedPromptKind }) {
  const [saving, setSaving] = useState(false);
  const noun = kind === "tags" ? "styles" : "lyrics";
  const save = async () => {
    const form = formStore.getState().form;
    if (form === null) return;
    const { custom } = form;
    const text = kind === "tags" ? custom.styles : custom.lyrics;
    // A saved prompt needs lyrics or styles: the field being saved must hold some.
    if (text.trim() === "") {
      showToast({ kind: "error", title: "Prompt could not be saved. Try again.", durationMs: NOT_SAVED_MS });
      return;
    }
    setSaving(true);
    try {
      await savePrompt({
        tags: kind === "tags" ? custom.styles : "",
        negative_tags: kind === "tags" ? custom.excludeStyles : "",
        lyrics: kind === "lyrics" ? custom.lyrics : "",
        title: custom.title.slice(0, 100),
      });
      showToast({ kind: "info", title: "Prompt saved.", durationMs: SAVED_MS });
    } catch (error) {
      console.warn("Could not save the prompt", error);
      showToast({ kind: "error", title: "Prompt could not be saved. Try again.", durationMs: NOT_SAVED_MS });
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
        aria-label={`Save ${noun}`}
        onClick={save}
      >
        Save
      </button>
      <button
        type="button"
        className="create-small-button"
        aria-label={`Saved ${noun}`}
        onClick={() => openModal({ kind: kind === "tags" ? "stylesPrompts" : "lyricsPrompts" })}
      >
        Saved
      </button>
    </span>
  );
}
