import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BillingModel } from "../../shared/api/billing.ts";
import type { CreateQuery } from "../../shared/create/create-query.ts";
import { maxLengthsFor } from "../../shared/create/input-truncation.ts";
import { modelAllowsControlSliders } from "../../shared/create/model-rules.ts";
import { referencesFromConditions } from "../../shared/create/request-assembly.ts";
import { useAccount } from "../account/session-store.ts";
import { i18n, labelled } from "../i18n/i18n.ts";
import { useOutOfConcurrency } from "../shell/concurrency-store.ts";
import { AddMenu } from "./AddMenu.tsx";
import { AdjustSpeedFields } from "./AdjustSpeedFields.tsx";
import { ConditionChips } from "./ConditionChips.tsx";
import { type CreateTab, CreateTabs } from "./CreateTabs.tsx";
import { CustomFields } from "./CustomFields.tsx";
import { applyOneShotQuery, changeMode, changeModel, resetForm, startForm } from "./form-actions.ts";
import { formStore, useForm } from "./form-store.ts";
import { startGeneration } from "./generate-flow.ts";
import { ModelPicker } from "./ModelPicker.tsx";
import { SavedPromptsButtons } from "./prompts/SavedPromptsButtons.tsx";
import { SimpleFields } from "./SimpleFields.tsx";

const NO_MODELS: readonly BillingModel[] = [];

const MODE_TABS: readonly CreateTab<"simple" | "custom">[] = [
  labelled({ value: "simple" }, () => i18n.t("create:createForm.simple")),
  labelled({ value: "custom" }, () => i18n.t("create:createForm.custom")),
];

/** The creation form: mode tabs, model, the mode's fields, conditions, the add menu and Create. */
export function CreateForm({ query }: { readonly query: CreateQuery }) {
  const { t } = useTranslation("create");
  const models = useAccount((state) => state.billing?.models ?? NO_MODELS);
  const session = useAccount((state) => state.session);
  const ready = useForm(() => true) ?? false;
  const mode = useForm((form) => form.global.mode);
  const model = useForm((form) => form.global.model);
  const hasReferences = useForm((form) => referencesFromConditions(form).length > 0) ?? false;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const outOfConcurrency = useOutOfConcurrency();
  const started = useRef(false);
  const applied = useRef("");

  useEffect(() => {
    if (session === null || models.length === 0) return;
    // Each remix or persona request of the address is applied once, even while it stays there.
    const request = `${query.remix?.clipId}:${query.remix?.type}:${query.usePersona}`;
    if (!started.current) {
      started.current = true;
      applied.current = request;
      void startForm(session, models, query);
    } else if (request !== applied.current && (query.remix !== null || query.usePersona !== null)) {
      // A song menu's action on this page: the address changed while the form was open.
      applied.current = request;
      void applyOneShotQuery(session, query);
    }
  }, [session, models, query]);

  // A form check's message answers the form as it was: any edit takes it away.
  useEffect(
    () =>
      formStore.subscribe((next, previous) => {
        if (next.form !== previous.form) setError(null);
      }),
    [],
  );

  if (!ready || model === undefined || session === null) {
    return (
      <section className="panel create-form" aria-busy="true">
        <p>{t("createForm.loadingTheForm")}</p>
      </section>
    );
  }
  const lengths = maxLengthsFor(model, models);
  const custom = mode !== "simple";

  const create = async () => {
    setError(null);
    setBusy(true);
    try {
      const problem = await startGeneration();
      setError(problem);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel create-form" aria-label={t("createForm.createASong")}>
      <div className="create-form-top">
        <CreateTabs
          label={t("createForm.mode")}
          tabs={MODE_TABS}
          selected={mode}
          onSelect={(tab) => changeMode(tab)}
        />
        <ModelPicker models={models} onModel={(key) => changeModel(key)} />
      </div>
      <button type="button" className="create-reset link-button" onClick={resetForm}>
        {t("createForm.resetForm")}
      </button>
      <ConditionChips />
      {mode === "adjust_speed" ? (
        <AdjustSpeedFields />
      ) : custom ? (
        <CustomFields
          limits={{
            lyrics: lengths.prompt,
            styles: lengths.tags,
            excludeStyles: lengths.negative_tags,
            title: lengths.title,
          }}
          slidersAllowed={modelAllowsControlSliders(model)}
          hasReferences={hasReferences}
          savedPromptsButton={(kind) => <SavedPromptsButtons kind={kind} />}
        />
      ) : (
        <SimpleFields descriptionMax={lengths.gpt_description_prompt} />
      )}
      {error && (
        <p className="create-form-error" role="alert" data-testid="create-error">
          {error}
        </p>
      )}
      {outOfConcurrency && (
        <p className="create-note" data-testid="out-of-concurrency">
          {t("createForm.pleaseWaitForYour")}
        </p>
      )}
      <div className="create-actions">
        <AddMenu />
        <button type="button" className="create-submit" disabled={busy} onClick={create}>
          {busy ? t("createForm.creating") : t("createForm.create")}
        </button>
      </div>
    </section>
  );
}
