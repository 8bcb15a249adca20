import { useTranslation } from "react-i18next";
import { CreateSwitch } from "./CreateSwitch.tsx";
import { setSimple, useForm } from "./form-store.ts";

/** Simple mode: a song description and the instrumental switch. */
export function SimpleFields({ descriptionMax }: { readonly descriptionMax: number }) {
  const { t } = useTranslation("create");
  const prompt = useForm((form) => form.simple.prompt) ?? "";
  const instrumental = useForm((form) => form.simple.instrumental) ?? false;
  return (
    <div className="create-fields">
      <label className="create-field">
        <span className="create-label">{t("simpleFields.songDescription")}</span>
        <textarea
          name="description"
          rows={4}
          placeholder={t("simpleFields.aDreamySynthPop")}
          value={prompt}
          onChange={(event) => setSimple({ prompt: event.target.value })}
        />
        <span className="create-counter">
          {prompt.length} / {descriptionMax}
        </span>
      </label>
      <CreateSwitch
        label={t("simpleFields.instrumental")}
        checked={instrumental}
        onChange={(instrumental) => setSimple({ instrumental })}
      />
      {!instrumental && <p className="create-note">{t("synthVocals.note")}</p>}
    </div>
  );
}
