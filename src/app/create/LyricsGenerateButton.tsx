import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type LyricsFailure, lyricsErrorToast } from "../../shared/create/generation-errors.ts";
import { showToast } from "../shell/toast-store.ts";
import { formStore, setCustom, useForm } from "./form-store.ts";
import { generateLyrics, type LyricsOutcome } from "./lyrics-generation.ts";

function showLyricsProblem(outcome: Exclude<LyricsOutcome, { kind: "done" } | { kind: "cancelled" }>): void {
  const failure: LyricsFailure =
    outcome.kind === "request-failed"
      ? { kind: "request_failed" }
      : outcome.kind === "error"
        ? { kind: "job_error", message: outcome.message }
        : { kind: "poll_failed" };
  showToast(lyricsErrorToast(failure));
}

/** Writes lyrics (and a title) from the lyrics prompt, or from the styles and title when it is empty. */
export function LyricsGenerateButton() {
  const { t } = useTranslation("create");
  const [busy, setBusy] = useState(false);
  const hasSubject = useForm((form) =>
    [form.custom.lyricsPrompt, form.custom.styles, form.custom.title].some((text) => text.trim() !== ""),
  );
  const run = async () => {
    const form = formStore.getState().form;
    if (form === null) return;
    const { lyricsPrompt, styles, title } = form.custom;
    const subject =
      [lyricsPrompt, title, styles].map((text) => text.trim()).find((text) => text !== "") ?? "";
    setBusy(true);
    try {
      const outcome = await generateLyrics(subject, form.global.lyricsModel);
      if (outcome.kind === "cancelled") return;
      if (outcome.kind !== "done") {
        showLyricsProblem(outcome);
        return;
      }
      const { job } = outcome;
      const current = formStore.getState().form?.custom;
      setCustom({
        lyrics: job.text,
        lyricsMode: "manual",
        title: current?.title.trim() ? current.title : job.title,
        lastLyricsGeneration: { id: job.id, text: job.text, title: job.title, tags: job.tags },
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="create-small-button"
      disabled={busy || !hasSubject}
      onClick={() => void run()}
    >
      {busy ? t("lyricsGenerateButton.writingLyrics") : t("lyricsGenerateButton.generateLyrics")}
    </button>
  );
}
