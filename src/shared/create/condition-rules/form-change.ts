// One change to the create form: the rules act on it, and every change ends with the model rules.
// A model too old for the conditions is switched ('Model changed'), mumble mode leaves models
// without it, the task is read back from the conditions, and the texts it will send are cut to the
// model's limits where the change wrote them or moved the model ('Inputs truncated').

import type { BillingModel } from "../../api/billing.ts";
import {
  type Conditions,
  type TimedCondition,
  type UntimedConditionType,
  voxPersonaEnabled,
  withoutUntimed,
  withTimed,
} from "../conditions.ts";
import type { CreateFormState, CreateMode } from "../form-state.ts";
import { maxLengthsFor, truncateInputs } from "../input-truncation.ts";
import { modelAllowsMumbleMode, requiredModelUpgrade } from "../model-rules.ts";
import { type FormNotice, type FormNoticeKind, formNotice } from "../notices.ts";
import { referencesFromConditions } from "../request-assembly.ts";
import { deriveTask } from "../task-derivation.ts";
import { titleWithoutRemixSuffix } from "./titles.ts";

export interface RuleContext {
  /** The billing models with can_use (GET /api/billing/info/). */
  readonly models: readonly BillingModel[];
  /** The user's viewable default model (model-rules defaultModelKey). */
  readonly defaultModel: string;
  /** The user may turn the vox persona on: a persona removed for a playlist says so, for longer. */
  readonly voxPersonaAvailable: boolean;
}

export interface RuleResult {
  readonly state: CreateFormState;
  readonly notices: readonly FormNotice[];
}

const TIMED_REMOVAL_NOTICE: Record<TimedCondition["type"], FormNoticeKind> = {
  underpaint: "remove_painting",
  overpaint: "remove_painting",
  extend: "remove_condition",
  infill: "remove_condition",
};

/** One change to the form, collecting its notices (each kind once). */
export class FormChange {
  private readonly raised = new Map<FormNoticeKind, FormNotice>();
  /** The form before this change: texts are cut only where the change wrote them or the model moved. */
  private readonly before: CreateFormState;

  constructor(public state: CreateFormState) {
    this.before = state;
  }

  get conditions(): Conditions {
    return this.state.global.conditions;
  }

  setConditions(conditions: Conditions): void {
    this.state = { ...this.state, global: { ...this.state.global, conditions } };
  }

  patch<K extends "global" | "custom" | "simple" | "adjustSpeed" | "other">(
    part: K,
    values: Partial<CreateFormState[K]>,
  ): void {
    this.state = { ...this.state, [part]: { ...this.state[part], ...values } };
  }

  setMode(mode: CreateMode): void {
    if (this.state.global.mode !== mode) this.patch("global", { mode });
  }

  notify(kind: FormNoticeKind, voxPersonaHint = false): void {
    const earlier = this.raised.get(kind);
    if (!earlier || (voxPersonaHint && !earlier.voxPersonaHint))
      this.raised.set(kind, formNotice(kind, voxPersonaHint));
  }

  removeUntimed(type: Exclude<UntimedConditionType, "persona" | "cover">, notice?: FormNoticeKind): void {
    if (this.conditions.untimed[type] === undefined) return;
    this.setConditions(withoutUntimed(this.conditions, type));
    if (notice) this.notify(notice);
  }

  /** Clearing a persona clears the styles it copied, only if the user left them as they were. */
  removePersona(notice: boolean, voxPersonaHint = false): void {
    const persona = this.conditions.untimed.persona;
    if (!persona) return;
    // The vox persona is the persona's voice: it goes with it.
    this.setConditions(withoutUntimed(withoutUntimed(this.conditions, "persona"), "voxPersona"));
    if (
      this.state.custom.styles === persona.tags &&
      this.state.custom.excludeStyles === persona.negativeTags
    ) {
      this.patch("custom", { styles: "", excludeStyles: "" });
    }
    if (notice) this.notify("remove_persona", voxPersonaHint);
  }

  removeCover(notice: boolean): void {
    if (!this.conditions.untimed.cover) return;
    this.setConditions(withoutUntimed(this.conditions, "cover"));
    this.patch("custom", { title: titleWithoutRemixSuffix(this.state.custom.title) });
    if (notice) this.notify("remove_cover");
  }

  /** Removes the timed condition (only of these types when given), with its notice. */
  removeTimed(types?: readonly TimedCondition["type"][]): void {
    const timed = this.conditions.timed;
    if (!timed || (types && !types.includes(timed.type))) return;
    this.setConditions(withTimed(this.conditions, null));
    this.notify(TIMED_REMOVAL_NOTICE[timed.type]);
  }

  /** A new timed condition replaces the one before; replacing another kind says so. */
  setTimed(timed: TimedCondition): void {
    const before = this.conditions.timed;
    if (before && before.type !== timed.type) this.notify(TIMED_REMOVAL_NOTICE[before.type]);
    this.setConditions(withTimed(this.conditions, timed));
  }

  setModel(model: string): void {
    if (this.state.global.model === model) return;
    this.patch("global", { model });
    this.notify("model_change");
  }

  /** The model rules every change ends with. */
  finish(context: RuleContext): RuleResult {
    const upgrade = requiredModelUpgrade(this.state.global.model, this.conditions);
    if (upgrade) this.setModel(upgrade);
    if (this.state.other.mumbleMode && !modelAllowsMumbleMode(this.state.global.model)) {
      this.patch("other", { mumbleMode: false });
    }
    // The task is read back from the conditions, never set on its own.
    const task = deriveTask(referencesFromConditions(this.state), {
      voxPersonaEnabled: voxPersonaEnabled(this.conditions),
    });
    if (this.state.other.task !== task) this.patch("other", { task });
    const cut = truncateInputs(
      this.before,
      this.state,
      maxLengthsFor(this.state.global.model, context.models),
    );
    this.state = cut.state;
    if (cut.truncated) this.notify("truncate_inputs");
    return { state: this.state, notices: [...this.raised.values()] };
  }
}
