import { CreateSwitch } from "./CreateSwitch.tsx";
import { setSimple, useForm } from "./form-store.ts";
import { SYNTH_VOCALS_NOTE } from "./synth-vocals.ts";

/** Simple mode: a song description and the instrumental switch. */
export function SimpleFields({ descriptionMax }: { readonly descriptionMax: number }) {
  const prompt = useForm((form) => form.simple.prompt) ?? "";
  const instrumental = useForm((form) => form.simple.instrumental) ?? false;
  return (
    <div className="create-fields">
      <label className="create-field">
        <span className="create-label">Song description</span>
        <textarea
          name="description"
          rows={4}
          placeholder="A dreamy synth-pop song about driving home at night"
          value={prompt}
          onChange={(event) => setSimple({ prompt: event.target.value })}
        />
        <span className="create-counter">
          {prompt.length} / {descriptionMax}
        </span>
      </label>
      <CreateSwitch
        label="Instrumental"
        checked={instrumental}
        onChange={(instrumental) => setSimple({ instrumental })}
      />
      {!instrumental && <p className="create-note">{SYNTH_VOCALS_NOTE}</p>}
    </div>
  );
}
