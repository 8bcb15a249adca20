import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MODELS, modelByKey } from "../../shared/api/billing.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { REMASTER_TITLE_MAX } from "../../shared/api/generate.ts";
import {
  DEFAULT_REMASTER_SLIDERS,
  type RemasterSliders,
} from "../../shared/clip-actions/remaster-payload.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import { submitRemaster } from "./remaster.ts";

/** The sliders in order; each one's name and hint are "actions.sliders.{key}" and "...{key}Hint". */
const SLIDERS: readonly (keyof RemasterSliders)[] = ["freedom", "tone", "clarity", "strength", "stereoWidth"];

/** The remaster's choices: the model (the upsample model select), a title, styles and the five sliders. */
export function RemasterModal({ clip, onClose }: { readonly clip: Clip; readonly onClose: () => void }) {
  const { t } = useTranslation("songMenu");
  const [modelName, setModelName] = useState(modelByKey(clip.model_name)?.external_key ?? "");
  const [title, setTitle] = useState("");
  const [tags, setTags] = useState("");
  const [sliders, setSliders] = useState<RemasterSliders>(DEFAULT_REMASTER_SLIDERS);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const started = await submitRemaster({
      clipId: clip.id,
      modelName: modelName || null,
      title,
      tags,
      sliders,
    });
    if (!started) setBusy(false);
  };
  return (
    <ActionDialog
      title={t("actions.remasterTitle", { title: clip.title || t("actions.untitled") })}
      testId="remaster-modal"
      onClose={onClose}
      confirm={{
        label: busy ? t("actions.remastering") : t("actions.remaster"),
        disabled: busy,
        run: () => void send(),
      }}
    >
      <label className="clip-action-field">
        <span>{t("actions.model")}</span>
        <select value={modelName} onChange={(event) => setModelName(event.target.value)}>
          <option value="">{t("actions.songModel")}</option>
          {MODELS.map((model) => (
            <option key={model.external_key} value={model.external_key}>
              {model.tier}
            </option>
          ))}
        </select>
      </label>
      <label className="clip-action-field">
        <span>{t("actions.title")}</span>
        <input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby="remaster-title-limit"
        />
        <small id="remaster-title-limit">
          {t("actions.titleKept", { title: clip.title || t("actions.untitled") })}{" "}
          {t("actions.titleLimit", { max: REMASTER_TITLE_MAX })}
        </small>
      </label>
      <label className="clip-action-field">
        <span>{t("actions.styles")}</span>
        <input
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          aria-describedby="remaster-styles-kept"
        />
        <small id="remaster-styles-kept">
          {clip.metadata.tags
            ? t("actions.stylesKept", { tags: clip.metadata.tags })
            : t("actions.songStyles")}
        </small>
      </label>
      {SLIDERS.map((slider) => (
        <label key={slider} className="clip-action-slider">
          <span>{t(`actions.sliders.${slider}`)}</span>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={sliders[slider]}
            title={t(`actions.sliders.${slider}Hint`)}
            onChange={(event) => setSliders({ ...sliders, [slider]: Number(event.target.value) })}
          />
          <output>{sliders[slider].toFixed(2)}</output>
        </label>
      ))}
    </ActionDialog>
  );
}
