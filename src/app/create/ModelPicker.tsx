import { useTranslation } from "react-i18next";
import type { BillingModel } from "../../shared/api/billing.ts";
import { openUpsell } from "../song-menu/upsells.ts";
import { useForm } from "./form-store.ts";

/** The upgrade upsell for a model the plan does not include. */
export const openModelUpsell = (model: BillingModel): void =>
  openUpsell(`Upgrade to use ${model.name}`, `${model.name} is included with Pro and Premier.`);

/** The model menu: every model, the ones the plan does not include marked and leading to the upsell. */
export function ModelPicker({
  models,
  onModel,
}: {
  readonly models: readonly BillingModel[];
  readonly onModel: (key: string) => void;
}) {
  const { t } = useTranslation("create");
  const selected = useForm((form) => form.global.model) ?? "";
  return (
    <label className="create-model">
      <span className="create-label">{t("modelPicker.model")}</span>
      <select
        name="model"
        value={selected}
        onChange={(event) => {
          const model = models.find((candidate) => candidate.external_key === event.target.value);
          if (model === undefined) return;
          if (!model.can_use) {
            openModelUpsell(model);
            return;
          }
          onModel(model.external_key);
        }}
      >
        {[...models].reverse().map((model) => (
          <option key={model.external_key} value={model.external_key}>
            {model.name}
            {model.can_use ? "" : t("modelPicker.pro")}
          </option>
        ))}
      </select>
    </label>
  );
}
