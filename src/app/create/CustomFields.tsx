import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as rules from "../../shared/create/condition-rules.ts";
import type { LyricsMode, VocalGender } from "../../shared/create/form-state.ts";
import { modelAllowsMumbleMode } from "../../shared/create/model-rules.ts";
import { MiniSlider } from "../../ui/MiniSlider.tsx";
import { i18n, labelled } from "../i18n/i18n.ts";
import { CreateSwitch } from "./CreateSwitch.tsx";
import { applyRule } from "./form-actions.ts";
import { setCustom, setOther, useForm } from "./form-store.ts";
import { LyricsGenerateButton } from "./LyricsGenerateButton.tsx";
import { StyleSuggestions } from "./StyleSuggestions.tsx";

export interface CustomLimits {
  readonly lyrics: number;
  readonly styles: number;
  readonly excludeStyles: number;
  readonly title: number;
}

interface CustomFieldsProps {
  readonly limits: CustomLimits;
  /** Whether the model takes the control sliders. */
  readonly slidersAllowed: boolean;
  /** The audio slider only matters with a reference audio. */
  readonly hasReferences: boolean;
  /** Buttons opening the saved prompts (styles or lyrics). */
  readonly savedPromptsButton: (kind: "lyrics" | "tags") => ReactNode;
}

const GENDERS: readonly { readonly value: VocalGender; readonly label: string }[] = [
  labelled({ value: "unspecified" }, () => i18n.t("create:customFields.any")),
  labelled({ value: "male" }, () => i18n.t("create:customFields.male")),
  labelled({ value: "female" }, () => i18n.t("create:customFields.female")),
];

const percent = (value: number) => `${Math.round(value)}%`;

function Counter({ length, max }: { readonly length: number; readonly max: number }) {
  return (
    <span className={`create-counter ${length > max ? "over" : ""}`}>
      {length} / {max}
    </span>
  );
}

/** Custom mode: lyrics, styles, excluded styles, title and the advanced options. */
export function CustomFields({
  limits,
  slidersAllowed,
  hasReferences,
  savedPromptsButton,
}: CustomFieldsProps) {
  const { t } = useTranslation("create");
  const custom = useForm((form) => form.custom);
  const excludeEnabled = useForm((form) => form.other.excludeStylesEnabled) ?? true;
  const mumbleMode = useForm((form) => form.other.mumbleMode) ?? false;
  const mumbleAllowed = useForm((form) => modelAllowsMumbleMode(form.global.model)) ?? false;
  if (custom === undefined) return null;
  const lyricsMode: LyricsMode = custom.lyricsMode;
  return (
    <div className="create-fields">
      <fieldset className="create-field">
        <div className="create-field-head">
          <span className="create-label" id="lyrics-label">
            {t("customFields.lyrics")}
          </span>
          <div className="create-segmented" role="radiogroup" aria-label={t("customFields.lyricsMode")}>
            {(["manual", "auto"] as const).map((mode) => (
              <label key={mode} className={lyricsMode === mode ? "selected" : ""}>
                <input
                  type="radio"
                  name="lyrics-mode"
                  value={mode}
                  checked={lyricsMode === mode}
                  onChange={() => setCustom({ lyricsMode: mode })}
                />
                {mode === "manual" ? t("customFields.write") : t("customFields.auto")}
              </label>
            ))}
          </div>
          {savedPromptsButton("lyrics")}
        </div>
        {lyricsMode === "manual" ? (
          <>
            <textarea
              name="lyrics"
              aria-labelledby="lyrics-label"
              rows={8}
              placeholder={t("customFields.writeYourOwnLyrics")}
              value={custom.lyrics}
              onChange={(event) => setCustom({ lyrics: event.target.value })}
            />
            <Counter length={custom.lyrics.length} max={limits.lyrics} />
          </>
        ) : (
          <textarea
            name="lyrics-prompt"
            aria-labelledby="lyrics-label"
            rows={3}
            placeholder={t("customFields.whatShouldTheLyrics")}
            value={custom.lyricsPrompt}
            onChange={(event) => setCustom({ lyricsPrompt: event.target.value })}
          />
        )}
        <LyricsGenerateButton />
      </fieldset>

      <div className="create-field">
        <div className="create-field-head">
          <label className="create-label" htmlFor="create-styles">
            {t("customFields.styles")}
          </label>
          {savedPromptsButton("tags")}
        </div>
        <textarea
          id="create-styles"
          name="styles"
          rows={2}
          placeholder={t("customFields.indiePopWarmAnalog")}
          value={custom.styles}
          onChange={(event) => setCustom({ styles: event.target.value })}
        />
        <Counter length={custom.styles.length} max={limits.styles} />
        <StyleSuggestions styles={custom.styles} onStyles={(styles) => setCustom({ styles })} />
      </div>

      <div className="create-field">
        <div className="create-field-head">
          <label className="create-label" htmlFor="create-exclude">
            {t("customFields.excludeStyles")}
          </label>
          <label className="create-switch small">
            <input
              type="checkbox"
              aria-label={t("customFields.useExcludedStyles")}
              checked={excludeEnabled}
              onChange={(event) => setOther({ excludeStylesEnabled: event.target.checked })}
            />
          </label>
        </div>
        <input
          id="create-exclude"
          name="exclude-styles"
          placeholder={t("customFields.heavyMetalScreaming")}
          disabled={!excludeEnabled}
          value={custom.excludeStyles}
          onChange={(event) => setCustom({ excludeStyles: event.target.value })}
        />
        <Counter length={custom.excludeStyles.length} max={limits.excludeStyles} />
      </div>

      <label className="create-field">
        <span className="create-label">{t("customFields.title")}</span>
        <input
          name="title"
          placeholder={t("customFields.songTitle")}
          maxLength={limits.title}
          value={custom.title}
          onChange={(event) => setCustom({ title: event.target.value })}
        />
      </label>

      <details
        className="create-advanced"
        open={custom.advancedOptionsExpanded}
        onToggle={(event) => setCustom({ advancedOptionsExpanded: event.currentTarget.open })}
      >
        <summary>{t("customFields.advancedOptions")}</summary>
        <div className="create-sliders">
          {(
            [
              ["weirdness", "Weirdness", true],
              ["styleInfluence", "Style influence", true],
              ["audioInfluence", "Audio influence", hasReferences],
            ] as const
          ).map(([field, label, shown]) =>
            shown ? (
              <label key={field} className="create-slider">
                <span>{label}</span>
                <MiniSlider
                  label={label}
                  value={custom[field]}
                  min={0}
                  max={100}
                  step={1}
                  defaultValue={50}
                  format={percent}
                  onChange={(value) => setCustom({ [field]: value })}
                />
                <output>{percent(custom[field])}</output>
              </label>
            ) : null,
          )}
          {!slidersAllowed && <p className="create-note">{t("customFields.thisModelDoesNot")}</p>}
        </div>
        <label className="create-field inline">
          <span className="create-label">{t("customFields.durationSeconds")}</span>
          <input
            type="number"
            name="duration"
            min={120}
            max={480}
            step={1}
            placeholder={t("customFields.auto")}
            value={custom.durationSeconds ?? ""}
            onChange={(event) =>
              setCustom({
                durationSeconds: event.target.value === "" ? null : Math.max(0, Number(event.target.value)),
              })
            }
          />
        </label>
        <div className="create-field inline">
          <span className="create-label">{t("customFields.vocalGender")}</span>
          <div className="create-segmented" role="radiogroup" aria-label={t("customFields.vocalGender")}>
            {GENDERS.map((gender) => (
              <label key={gender.value} className={custom.vocalGender === gender.value ? "selected" : ""}>
                <input
                  type="radio"
                  name="vocal-gender"
                  value={gender.value}
                  checked={custom.vocalGender === gender.value}
                  onChange={() => setCustom({ vocalGender: gender.value })}
                />
                {gender.label}
              </label>
            ))}
          </div>
        </div>
        <CreateSwitch
          label={t("customFields.maxMode")}
          checked={custom.maxMode}
          onChange={(maxMode) => setCustom({ maxMode })}
        />
        {mumbleAllowed && (
          <CreateSwitch
            label={t("customFields.mumbleModeSingWithout")}
            checked={mumbleMode}
            onChange={(mumble) => applyRule((state, context) => rules.setMumbleMode(state, mumble, context))}
          />
        )}
        <p className="create-note">{t("synthVocals.note")}</p>
      </details>
    </div>
  );
}
