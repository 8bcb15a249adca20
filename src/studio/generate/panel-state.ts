// The generate panel's state: the studio's own remembered create form (apart from /create's), the
// persisted replace and end-selection settings, the context window, and what the panel says.

import { createStore, type StoreApi } from "zustand/vanilla";
import { type FormMemory, type FormMemoryStorage, formMemory } from "../../shared/create/form-memory.ts";
import { type CreateFormState, defaultCreateFormState } from "../../shared/create/form-state.ts";
import {
  DEFAULT_END_SELECTION_MODE,
  DEFAULT_REPLACE_MODE,
  type EndSelectionMode,
  endSelectionModeSchema,
  type ReplaceMode,
  replaceModeSchema,
} from "../../shared/studio-generate/generate-mode.ts";
import { DEFAULT_CONTEXT_WINDOW_BEATS } from "../../shared/studio-generate/infill-context.ts";
import type { GenerateSettings } from "./generation-plan.ts";

export const REPLACE_MODE_KEY = "tunesmith.studio-replace-mode";
export const END_SELECTION_MODE_KEY = "tunesmith.studio-end-selection-mode";

export interface GeneratePanelState {
  readonly form: CreateFormState;
  readonly replaceMode: ReplaceMode;
  readonly endSelectionMode: EndSelectionMode;
  readonly contextWindowBeats: number;
  /** Generations started here and not placed or failed yet. */
  readonly running: number;
  /** A refusal (blocking message or form check) shown under Generate, or null. */
  readonly message: string | null;
}

const read = (storage: FormMemoryStorage | null, key: string): string | null => {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

export class GeneratePanel {
  readonly store: StoreApi<GeneratePanelState>;
  private readonly memory: FormMemory | null;

  constructor(private readonly storage: FormMemoryStorage | null) {
    this.memory = storage === null ? null : formMemory(storage, "studio", () => Date.now());
    const remembered = this.memory?.restore() ?? null;
    const form = remembered ?? defaultCreateFormState("");
    this.store = createStore<GeneratePanelState>(() => ({
      form: { ...form, global: { ...form.global, mode: "custom" } },
      replaceMode: replaceModeSchema.catch(DEFAULT_REPLACE_MODE).parse(read(storage, REPLACE_MODE_KEY)),
      endSelectionMode: endSelectionModeSchema
        .catch(DEFAULT_END_SELECTION_MODE)
        .parse(read(storage, END_SELECTION_MODE_KEY)),
      contextWindowBeats: DEFAULT_CONTEXT_WINDOW_BEATS,
      running: 0,
      message: null,
    }));
  }

  get state(): GeneratePanelState {
    return this.store.getState();
  }

  settings(editMode: boolean): GenerateSettings {
    const { replaceMode, endSelectionMode, contextWindowBeats } = this.state;
    return { replaceMode, endSelectionMode, contextWindowBeats, editMode };
  }

  /** Changes the custom fields (styles, lyrics, title); remembered for the next visit. */
  setCustom(fields: Partial<CreateFormState["custom"]>): void {
    const form = this.state.form;
    this.setForm({ ...form, custom: { ...form.custom, ...fields } });
  }

  setForm(form: CreateFormState): void {
    this.store.setState({ form, message: null });
    this.memory?.save(form);
  }

  setReplaceMode(replaceMode: ReplaceMode): void {
    this.store.setState({ replaceMode, message: null });
    this.write(REPLACE_MODE_KEY, replaceMode);
  }

  setEndSelectionMode(endSelectionMode: EndSelectionMode): void {
    this.store.setState({ endSelectionMode, message: null });
    this.write(END_SELECTION_MODE_KEY, endSelectionMode);
  }

  setContextWindow(beats: number): void {
    if (Number.isFinite(beats) && beats >= 0) this.store.setState({ contextWindowBeats: beats });
  }

  say(message: string | null): void {
    this.store.setState({ message });
  }

  started(): void {
    this.store.setState({ running: this.state.running + 1 });
  }

  finished(): void {
    this.store.setState({ running: Math.max(0, this.state.running - 1) });
  }

  private write(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // A refused storage only costs the setting's memory.
    }
  }
}
