import { useState } from "react";
import { MODELS, modelByKey } from "../../shared/api/billing.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { REMASTER_TITLE_MAX } from "../../shared/api/generate.ts";
import {
  DEFAULT_REMASTER_SLIDERS,
  type RemasterSliders,
} from "../../shared/clip-actions/remaster-payload.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import { submitRemaster } from "./remaster.ts";

const SLIDERS: readonly {
  readonly key: keyof RemasterSliders;
  readonly label: string;
  readonly hint: string;
}[] = [
  { key: "freedom", label: "Freedom", hint: "How much colour the remaster may add" },
  { key: "tone", label: "Tone", hint: "Darker to brighter" },
  { key: "clarity", label: "Clarity", hint: "Presence and air" },
  { key: "strength", label: "Strength", hint: "Compression and loudness" },
  { key: "stereoWidth", label: "Stereo width", hint: "Mono to wide" },
];

/** The remaster's choices: the model (the upsample model select), a title, styles and the five sliders. */
export function RemasterModal({ clip, onClose }: { readonly clip: Clip; readonly onClose: () => void }) {
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
      title={`Remaster ${clip.title || "Untitled"}`}
      testId="remaster-modal"
      onClose={onClose}
      confirm={{ label: busy ? "Remastering..." : "Remaster", disabled: busy, run: () => void send() }}
    >
      <label className="clip-action-field">
        <span>Model</span>
        <select value={modelName} onChange={(event) => setModelName(event.target.value)}>
          <option value="">The song&apos;s model</option>
          {MODELS.map((model) => (
            <option key={model.external_key} value={model.external_key}>
              {model.tier}
            </option>
          ))}
        </select>
      </label>
      <label className="clip-action-field">
        <span>Title</span>
        <input
          value={title}
          placeholder={clip.title || "Untitled"}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby="remaster-title-limit"
        />
        <small id="remaster-title-limit">At most {REMASTER_TITLE_MAX} characters</small>
      </label>
      <label className="clip-action-field">
        <span>Styles</span>
        <input
          value={tags}
          placeholder={clip.metadata.tags ?? "The song's styles"}
          onChange={(event) => setTags(event.target.value)}
        />
      </label>
      {SLIDERS.map((slider) => (
        <label key={slider.key} className="clip-action-slider">
          <span>{slider.label}</span>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={sliders[slider.key]}
            title={slider.hint}
            onChange={(event) => setSliders({ ...sliders, [slider.key]: Number(event.target.value) })}
          />
          <output>{sliders[slider.key].toFixed(2)}</output>
        </label>
      ))}
    </ActionDialog>
  );
}
