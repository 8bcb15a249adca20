import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MODELS, modelByKey } from "../../shared/api/billing.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { REMASTER_TITLE_MAX } from "../../shared/api/generate.ts";
import {
  DEFAULT_REMASTER_SLIDERS,
  type RemasterSliders,
} from "../../shared/clip-actions/remaster-payload.ts";
import { remasterVariant } from "../../shared/song-menu/menu-availability.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import { submitRemaster } from "./remaster.ts";

/** The sliders in order; each one's name and hint are "actions.sliders.{key}" and "...{key}Hint". */
const SLIDERS: readonly (keyof RemasterSliders)[] = ["freedom", "tone", "clarity", "strength", "stereoWidth"];

/** The models a v4 song is remastered into: v4.5 and later (the v4.5+ remaster's own family). */
const UPSAMPLE_MODELS = MODELS.filter(
  (model) => remasterVariant({ model_name: model.external_key }) === "v4.5+",
);

/**
 * The remaster's choices, by the song's variant: a v4 (or older) song is remastered into a newer
 * model chosen in the upsample model select; a v4.5+ song keeps its model and takes the five
 * sliders (the remaster modal). Both take a title and styles.
 */
export function RemasterModal({ clip, onClose }: { readonly clip: Clip; readonly onClose: () => void }) {
  const { t } = useTranslation("songMenu");
  const variant = remasterVariant(clip);
  const [modelName, setModelName] = useState(
    variant === "v4"
      ? (UPSAMPLE_MODELS.at(-1)?.external_key ?? "")
      : (modelByKey(clip.model_name)?.external_key ?? ""),
  );
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
      {variant === "v4" && (
        <label className="clip-action-field">
          <span>{t("actions.model")}</span>
          <select
            value={modelName}
            onChange={(event) => setModelName(event.target.value)}
            aria-describedby="remaster-model-help"
          >
            {UPSAMPLE_MODELS.map((model) => (
              <option key={model.external_key} value={model.external_key}>
                {model.tier}
              </option>
            ))}
          </select>
          <small id="remaster-model-help">{t("actions.upsampleModelHelp")}</small>
        </label>
      )}
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
      {variant === "v4.5+" &&
        SLIDERS.map((slider) => (
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
