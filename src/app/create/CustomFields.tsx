import type { ReactNode } from "react";
import * as rules from "../../shared/create/condition-rules.ts";
import type { LyricsMode, VocalGender } from "../../shared/create/form-state.ts";
import { modelAllowsMumbleMode } from "../../shared/create/model-rules.ts";
import { MiniSlider } from "../../ui/MiniSlider.tsx";
import { CreateSwitch } from "./CreateSwitch.tsx";
import { applyRule } from "./form-actions.ts";
import { setCustom, setOther, useForm } from "./form-store.ts";
import { LyricsGenerateButton } from "./LyricsGenerateButton.tsx";
import { StyleSuggestions } from "./StyleSuggestions.tsx";
import { SYNTH_VOCALS_NOTE } from "./synth-vocals.ts";

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
  { value: "unspecified", label: "Any" },
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
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
            Lyrics
          </span>
          <div className="create-segmented" role="radiogroup" aria-label="Lyrics mode">
            {(["manual", "auto"] as const).map((mode) => (
              <label key={mode} className={lyricsMode === mode ? "selected" : ""}>
                <input
                  type="radio"
                  name="lyrics-mode"
                  value={mode}
                  checked={lyricsMode === mode}
                  onChange={() => setCustom({ lyricsMode: mode })}
                />
                {mode === "manual" ? "Write" : "Auto"}
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
              placeholder="Write your own lyrics, or leave them empty for an instrumental"
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
            placeholder="What should the lyrics be about?"
            value={custom.lyricsPrompt}
            onChange={(event) => setCustom({ lyricsPrompt: event.target.value })}
          />
        )}
        <LyricsGenerateButton />
      </fieldset>

      <div className="create-field">
        <div className="create-field-head">
          <label className="create-label" htmlFor="create-styles">
            Styles
          </label>
          {savedPromptsButton("tags")}
        </div>
        <textarea
          id="create-styles"
          name="styles"
          rows={2}
          placeholder="indie pop, warm analog synths, female vocals"
          value={custom.styles}
          onChange={(event) => setCustom({ styles: event.target.value })}
        />
        <Counter length={custom.styles.length} max={limits.styles} />
        <StyleSuggestions styles={custom.styles} onStyles={(styles) => setCustom({ styles })} />
      </div>

      <div className="create-field">
        <div className="create-field-head">
          <label className="create-label" htmlFor="create-exclude">
            Exclude styles
          </label>
          <label className="create-switch small">
            <input
              type="checkbox"
              aria-label="Use excluded styles"
              checked={excludeEnabled}
              onChange={(event) => setOther({ excludeStylesEnabled: event.target.checked })}
            />
          </label>
        </div>
        <input
          id="create-exclude"
          name="exclude-styles"
          placeholder="heavy metal, screaming"
          disabled={!excludeEnabled}
          value={custom.excludeStyles}
          onChange={(event) => setCustom({ excludeStyles: event.target.value })}
        />
        <Counter length={custom.excludeStyles.length} max={limits.excludeStyles} />
      </div>

      <label className="create-field">
        <span className="create-label">Title</span>
        <input
          name="title"
          placeholder="Song title"
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
        <summary>Advanced options</summary>
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
          {!slidersAllowed && <p className="create-note">This model does not use the sliders.</p>}
        </div>
        <label className="create-field inline">
          <span className="create-label">Duration (seconds)</span>
          <input
            type="number"
            name="duration"
            min={120}
            max={480}
            step={1}
            placeholder="Auto"
            value={custom.durationSeconds ?? ""}
            onChange={(event) =>
              setCustom({
                durationSeconds: event.target.value === "" ? null : Math.max(0, Number(event.target.value)),
              })
            }
          />
        </label>
        <div className="create-field inline">
          <span className="create-label">Vocal gender</span>
          <div className="create-segmented" role="radiogroup" aria-label="Vocal gender">
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
          label="Max mode"
          checked={custom.maxMode}
          onChange={(maxMode) => setCustom({ maxMode })}
        />
        {mumbleAllowed && (
          <CreateSwitch
            label="Mumble mode (sing without words)"
            checked={mumbleMode}
            onChange={(mumble) => applyRule((state, context) => rules.setMumbleMode(state, mumble, context))}
          />
        )}
        <p className="create-note">{SYNTH_VOCALS_NOTE}</p>
      </details>
    </div>
  );
}
