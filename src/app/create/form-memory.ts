// The create form's memory in this browser: every change is saved 300 ms after
// the last one, and at once when the page goes away, so nothing typed is lost on a reload.

import { type FormMemory, formMemory } from "../../shared/create/form-memory.ts";
import type { CreateFormState } from "../../shared/create/form-state.ts";
import { debounce, FORM_SYNC_DEBOUNCE_MS } from "../../shared/create/form-sync.ts";
import { accountStore } from "../account/session-store.ts";
import { formStore } from "./form-store.ts";

const timers = {
  set: (callback: () => void, delayMs: number) => setTimeout(callback, delayMs),
  clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

let memory: FormMemory | null = null;

/** The page's memory, following the store from the first call on. */
export function createFormMemory(): FormMemory {
  if (memory !== null) return memory;
  const kept = formMemory(window.localStorage, "create", Date.now);
  const saver = debounce<CreateFormState>((state) => kept.save(state), FORM_SYNC_DEBOUNCE_MS, timers);
  formStore.subscribe((state, previous) => {
    if (state.form !== null && state.form !== previous.form) saver.push(state.form);
  });
  window.addEventListener("pagehide", () => saver.flush());
  // Signing out forgets the form (session-store): a save still waiting must not bring it back.
  accountStore.subscribe((state, previous) => {
    if (state.session?.user === null && previous.session?.user != null) {
      saver.cancel();
      kept.reset();
    }
  });
  memory = {
    restore: () => kept.restore(),
    save: (state) => kept.save(state),
    reset: () => {
      saver.cancel();
      kept.reset();
    },
  };
  return memory;
}
