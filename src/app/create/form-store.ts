// The create form on the page: the shared form state (src/shared/create/form-state.ts) in a zustand
// store. Every change goes through `updateForm`, so the memory and the condition rules see it.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { CreateFormState } from "../../shared/create/form-state.ts";

export interface FormStoreState {
  /** null until the models are known (the form's default model is the newest usable one). */
  readonly form: CreateFormState | null;
}

export const formStore = createStore<FormStoreState>(() => ({ form: null }));

export const useForm = <T>(select: (form: CreateFormState) => T): T | undefined =>
  useStore(formStore, (state) => (state.form === null ? undefined : select(state.form)));

export function setForm(form: CreateFormState): void {
  formStore.setState({ form });
}

export function updateForm(change: (form: CreateFormState) => CreateFormState): void {
  const { form } = formStore.getState();
  if (form !== null) formStore.setState({ form: change(form) });
}

/** Shallow edits of one part of the form. */
export const setCustom = (patch: Partial<CreateFormState["custom"]>) =>
  updateForm((form) => ({ ...form, custom: { ...form.custom, ...patch } }));
export const setSimple = (patch: Partial<CreateFormState["simple"]>) =>
  updateForm((form) => ({ ...form, simple: { ...form.simple, ...patch } }));
export const setOther = (patch: Partial<CreateFormState["other"]>) =>
  updateForm((form) => ({ ...form, other: { ...form.other, ...patch } }));
