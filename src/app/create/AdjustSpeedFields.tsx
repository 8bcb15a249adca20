import { useTranslation } from "react-i18next";
import { SPEED_MULTIPLIER_MAX, SPEED_MULTIPLIER_MIN } from "../../shared/api/generate.ts";
import { ADJUST_SPEED_TITLE_MAX } from "../../shared/create/form-state.ts";
import { CANNOT_ADJUST_SPEED, canAdjustSpeed } from "../../shared/create/form-validity.ts";
import { MiniSlider } from "../../ui/MiniSlider.tsx";
import { useClips } from "../shell/clips-store.ts";
import { CreateSwitch } from "./CreateSwitch.tsx";
import { updateForm, useForm } from "./form-store.ts";

const setAdjustSpeed = (patch: { speedMultiplier?: number; keepPitch?: boolean; title?: string }) =>
  updateForm((form) => ({ ...form, adjustSpeed: { ...form.adjustSpeed, ...patch } }));

/** Adjust speed: the song, its speed multiplier and whether the pitch is kept. */
export function AdjustSpeedFields() {
  const { t } = useTranslation("create");
  const speed = useForm((form) => form.adjustSpeed);
  const source = useClips((state) => (speed?.clipId ? state.byId[speed.clipId]?.clip : undefined));
  if (speed === undefined) return null;
  return (
    <div className="create-fields">
      <p className="create-note" data-testid="adjust-speed-song">
        {speed.clipId
          ? t("adjustSpeedFields.song", { value0: source?.title || "Untitled" })
          : t("adjustSpeedFields.chooseASongTo")}
      </p>
      {source !== undefined && !canAdjustSpeed(source) && (
        <p className="create-form-error" role="alert">
          {CANNOT_ADJUST_SPEED}
        </p>
      )}
      <label className="create-field">
        <span className="create-label">{t("adjustSpeedFields.title")}</span>
        <input
          value={speed.title}
          maxLength={ADJUST_SPEED_TITLE_MAX}
          placeholder={source?.title || t("adjustSpeedFields.untitled")}
          onChange={(event) => setAdjustSpeed({ title: event.target.value })}
        />
      </label>
      <label className="create-slider">
        <span>{t("adjustSpeedFields.speed")}</span>
        <MiniSlider
          label={t("adjustSpeedFields.speed")}
          value={speed.speedMultiplier}
          min={SPEED_MULTIPLIER_MIN}
          max={SPEED_MULTIPLIER_MAX}
          step={0.05}
          defaultValue={1}
          format={(value) => `${value.toFixed(2)}x`}
          onChange={(speedMultiplier) => setAdjustSpeed({ speedMultiplier })}
        />
        <output>
          {speed.speedMultiplier.toFixed(2)}
          {t("adjustSpeedFields.x")}
        </output>
      </label>
      <CreateSwitch
        label={t("adjustSpeedFields.keepPitch")}
        checked={speed.keepPitch}
        onChange={(keepPitch) => setAdjustSpeed({ keepPitch })}
      />
    </div>
  );
}
