import type { BillingModel } from "../../shared/api/billing.ts";
import { openDialog } from "../../studio/ui/dialog-queue.ts";
import { navigate } from "../router/history-router.ts";
import { useForm } from "./form-store.ts";

/** The upgrade upsell for a model the plan does not include. */
export function openModelUpsell(model: BillingModel): void {
  openDialog({
    title: `Upgrade to use ${model.name}`,
    body: `${model.name} is included with Pro and Premier. Upgrade your plan to create with it.`,
    actions: [
      { label: "Not now", kind: "secondary", run: () => undefined },
      { label: "Upgrade", kind: "primary", run: () => navigate("/account") },
    ],
  });
}

/** The model menu: every model, the ones the plan does not include marked and leading to the upsell. */
export function ModelPicker({
  models,
  onModel,
}: {
  readonly models: readonly BillingModel[];
  readonly onModel: (key: string) => void;
}) {
  const selected = useForm((form) => form.global.model) ?? "";
  return (
    <label className="create-model">
      <span className="create-label">Model</span>
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
            {model.can_use ? "" : " (Pro)"}
          </option>
        ))}
      </select>
    </label>
  );
}
