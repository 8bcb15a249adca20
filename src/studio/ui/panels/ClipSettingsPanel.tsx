import { useState } from "react";
import { useTranslation } from "react-i18next";
import { WARP_SPEED_MAX, WARP_SPEED_MIN } from "../../../shared/project/index.ts";
import {
  clipTempoMode,
  doubleClipSpeed,
  findClip,
  halveClipSpeed,
  setClipColor,
  setClipMute,
  setClipPreserveFormants,
  setClipTempoMode,
  setClipTransposition,
  setClipVolume,
} from "../../editing/index.ts";
import { ColorPicker } from "../controls/ColorPicker.tsx";
import { Fader } from "../controls/Fader.tsx";
import { useSession, useStudio } from "../studio-context.ts";
import { TransposeField } from "./TransposeField.tsx";

/** "1×", "0.5×", "1/128×": speeds below 1/4 read better as fractions. */
export function formatSpeed(speed: number): string {
  if (speed >= 0.25) return `${Number(speed.toFixed(3))}×`;
  return `1/${Math.round(1 / speed)}×`;
}

/** The selected clip's settings: Color, Tempo, Transpose, Speed, Clip Volume. */
export function ClipSettingsPanel() {
  const { controller } = useSession();
  const { t } = useTranslation("studio");
  const [open, setOpen] = useState(true);
  const ref = useStudio((state) => state.ui.selectedClip);
  const clip = useStudio((state) => (ref === null ? undefined : findClip(state.history.present, ref)));
  const track = useStudio((state) =>
    state.history.present.tracks.find((candidate) => candidate.id === ref?.trackId),
  );
  return (
    <section className="collapsible" aria-labelledby="clip-settings-title">
      <h3 id="clip-settings-title">
        <button type="button" className="collapse-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className="chevron" aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
          {t("clip.title")}
        </button>
      </h3>
      {open &&
        (ref === null || clip === undefined || track === undefined ? (
          <p className="panel-empty">{t("clip.empty")}</p>
        ) : (
          <div className="clip-settings" data-testid="clip-settings" data-clip-id={clip.id}>
            <div className="panel-row">
              <span className="panel-subject" style={{ color: clip.color ?? track.color }}>
                {clip.name}
              </span>
              <label className="switch">
                <input
                  type="checkbox"
                  checked={clip.mute}
                  aria-label={t("clip.muteClip")}
                  onChange={(event) =>
                    controller.edit((project) => setClipMute(project, ref, event.target.checked))
                  }
                />
                <span>{t("clip.mute")}</span>
              </label>
            </div>
            <div className="field">
              <span className="field-label">{t("clip.color")}</span>
              <ColorPicker
                label={t("clip.clipColour")}
                value={clip.color}
                allowNone
                onChange={(color) => controller.edit((project) => setClipColor(project, ref, color))}
              />
            </div>
            <div className="field">
              <span className="field-label">{t("clip.tempo")}</span>
              <fieldset className="segmented" aria-label={t("clip.tempo")}>
                {(["onBeat", "original"] as const).map((mode) => (
                  <label key={mode} className={clipTempoMode(clip) === mode ? "checked" : ""}>
                    <input
                      type="radio"
                      className="visually-hidden"
                      name="clip-tempo"
                      checked={clipTempoMode(clip) === mode}
                      onChange={() => controller.edit((project) => setClipTempoMode(project, ref, mode))}
                    />
                    {t(`clip.tempoModes.${mode}`)}
                  </label>
                ))}
              </fieldset>
            </div>
            <div className="field">
              <span className="field-label">{t("clip.transpose")}</span>
              <TransposeField
                value={clip.transposition}
                onChange={(semitones) =>
                  controller.edit((project) => setClipTransposition(project, ref, semitones))
                }
              />
            </div>
            <label className="field">
              <span className="field-label">{t("clip.keepFormants")}</span>
              <input
                type="checkbox"
                className="field-check"
                checked={clip.preserveFormants}
                onChange={(event) => {
                  const keep = event.currentTarget.checked;
                  controller.edit((project) => setClipPreserveFormants(project, ref, keep));
                }}
              />
            </label>
            <div className="field">
              <span className="field-label">{t("clip.speed")}</span>
              <div className="stepper">
                <button
                  type="button"
                  className="icon-button small"
                  aria-label={t("clip.halveSpeed")}
                  disabled={clip.warp.speed <= WARP_SPEED_MIN}
                  onClick={() => controller.edit((project) => halveClipSpeed(project, ref))}
                >
                  ½
                </button>
                <output aria-label={t("clip.speed")} data-testid="clip-speed">
                  {formatSpeed(clip.warp.speed)}
                </output>
                <button
                  type="button"
                  className="icon-button small"
                  aria-label={t("clip.doubleSpeed")}
                  disabled={clip.warp.speed >= WARP_SPEED_MAX}
                  onClick={() => controller.edit((project) => doubleClipSpeed(project, ref))}
                >
                  2×
                </button>
              </div>
            </div>
            <div className="field">
              <span className="field-label">{t("clip.volumeTitle")}</span>
              <Fader
                label={t("clip.volume")}
                value={clip.amplitude}
                onGestureStart={() => controller.beginGesture()}
                onGestureEnd={() => controller.endGesture()}
                onGestureCancel={() => controller.cancelGesture()}
                onChange={(value) => controller.edit((project) => setClipVolume(project, ref, value))}
              />
            </div>
          </div>
        ))}
    </section>
  );
}
