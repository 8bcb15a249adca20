// Save mix as a song: the stem editor's tracks as heard (levels, balance, mutes, solos) rendered by
// the engine's offline render, uploaded as a stem mix and made a song of it that names the song it
// remixes and the songs and stems it combines (initialize-stem-mix-clip).

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { renderProjectToWav } from "../../engine/index.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { stemMixProject, stemMixSources } from "../../studio/edit/edit-project.ts";
import type { StemEditorState } from "../../studio/edit/stem-tracks.ts";
import { useSession, useSessionStatus } from "../../studio/ui/studio-context.ts";
import { UploadError, uploadAudioFile } from "../../studio/uploads/upload-api.ts";

type Phase =
  | { readonly kind: "idle" }
  | { readonly kind: "rendering" | "uploading" | "processing" }
  | { readonly kind: "saved"; readonly clipId: string }
  | { readonly kind: "failed"; readonly message: string };

interface StemMixSaveProps {
  readonly clip: Clip;
  readonly state: StemEditorState;
  readonly bps: number;
}

export function StemMixSave({ clip, state, bps }: StemMixSaveProps) {
  const { t } = useTranslation("edit");
  const session = useSession();
  const engineReady = useSessionStatus((status) => status.engine === "ready");
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const working = phase.kind === "rendering" || phase.kind === "uploading" || phase.kind === "processing";

  const save = async () => {
    const audio = session.audio;
    if (audio === null) return;
    const sources = stemMixSources(state, clip.id);
    if (sources.combined_from_clip_ids.length === 0) {
      setPhase({ kind: "failed", message: t("stemMix.nothingHeard") });
      return;
    }
    if (!sources.combined_from_clip_ids.every((id) => audio.sources.has(id))) {
      setPhase({ kind: "failed", message: t("stemMix.stillLoading") });
      return;
    }
    setPhase({ kind: "rendering" });
    try {
      const title = clip.title.trim() || clip.id;
      const wav = await renderProjectToWav(
        stemMixProject(state, bps, title),
        audio.sources.all(),
        audio.sampleRate,
        "float32",
      );
      const file = new File([wav], `${title} (stem mix).wav`, { type: "audio/wav" });
      const made = await uploadAudioFile(file, (step) => setPhase({ kind: step }), undefined, sources);
      setPhase({ kind: "saved", clipId: made.clipId });
    } catch (error) {
      const detail = error instanceof UploadError || error instanceof Error ? error.message : String(error);
      setPhase({ kind: "failed", message: t("stemMix.failed", { detail }) });
    }
  };

  return (
    <div className="stem-mix-save" data-testid="stem-mix-save">
      <p className="edit-dim">{t("stemMix.help")}</p>
      <button type="button" className="ghost" disabled={!engineReady || working} onClick={() => void save()}>
        {working ? t(`stemMix.${phase.kind}`) : t("stemMix.save")}
      </button>
      <p role="status" className="edit-dim">
        {working && t(`stemMix.${phase.kind}`)}
        {phase.kind === "saved" && (
          <>
            {t("stemMix.saved")} <a href={`/edit/${phase.clipId}`}>{t("stemMix.open")}</a>
          </>
        )}
      </p>
      {phase.kind === "failed" && <p role="alert">{phase.message}</p>}
    </div>
  );
}
