import { z } from "zod";
import { type CreateFormState, createFormStateSchema } from "./form-state.ts";

// The create form's memory in local storage: restorable and resettable, dated so
// a memory of an older shape is dropped, and kept apart for the studio.

/** The storage the memory writes to: window.localStorage on the page, a Map in tests. */
export interface FormMemoryStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The date of the memory's shape: a memory of another date is dropped. */
export const FORM_MEMORY_DATE = "2025-09-01";

export type FormMemoryPlace = "create" | "studio";

export const FORM_MEMORY_KEYS: Record<FormMemoryPlace, string> = {
  create: "tunesmith.create-form",
  studio: "tunesmith.studio-create-form",
};

const storedMemorySchema = z.object({
  date: z.literal(FORM_MEMORY_DATE),
  /** Epoch milliseconds of the last save. */
  savedAt: z.number(),
  state: createFormStateSchema,
});

export interface FormMemory {
  /** The remembered form, or null; a memory that fails the schema is dropped, never thrown. */
  restore(): CreateFormState | null;
  save(state: CreateFormState): void;
  reset(): void;
}

/** The memory of one place; `now` dates the saves. */
export function formMemory(
  storage: FormMemoryStorage,
  place: FormMemoryPlace,
  now: () => number,
): FormMemory {
  const key = FORM_MEMORY_KEYS[place];
  const forget = () => {
    try {
      storage.removeItem(key);
    } catch {
      // Storage that refuses (privacy modes) leaves nothing to forget.
    }
  };
  return {
    restore() {
      let text: string | null;
      try {
        text = storage.getItem(key);
      } catch {
        return null;
      }
      if (text === null) return null;
      let stored: unknown;
      try {
        stored = JSON.parse(text);
      } catch {
        forget();
        return null;
      }
      const parsed = storedMemorySchema.safeParse(stored);
      if (!parsed.success) {
        forget();
        return null;
      }
      return parsed.data.state;
    },
    save(state) {
      try {
        storage.setItem(key, JSON.stringify({ date: FORM_MEMORY_DATE, savedAt: now(), state }));
      } catch {
        // A full or refused storage only costs the memory; the form goes on.
      }
    },
    reset: forget,
  };
}
