import { describe, expect, it } from "vitest";
import { addPersona } from "../../src/shared/create/condition-rules.ts";
import {
  FORM_MEMORY_DATE,
  FORM_MEMORY_KEYS,
  type FormMemoryStorage,
  formMemory,
} from "../../src/shared/create/form-memory.ts";
import {
  createFormStateSchema,
  defaultCreateFormState,
  SLIDER_DEFAULT_PERCENT,
} from "../../src/shared/create/form-state.ts";
import { persona, proContext } from "./create-fixtures.ts";

class MapStorage implements FormMemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const now = () => Date.UTC(2026, 10, 22, 12, 0, 0);

describe("the form state's defaults", () => {
  it("start with no conditions, sliders at their default, keep pitch off, and parse with the schema", () => {
    const state = defaultCreateFormState("chirp-crow");
    expect(createFormStateSchema.parse(state)).toEqual(state);
    expect(state.global).toMatchObject({ model: "chirp-crow", conditions: { untimed: {}, timed: null } });
    expect(state.custom).toMatchObject({
      vocalGender: "unspecified",
      weirdness: SLIDER_DEFAULT_PERCENT,
      styleInfluence: SLIDER_DEFAULT_PERCENT,
      audioInfluence: SLIDER_DEFAULT_PERCENT,
      durationSeconds: null,
      maxMode: false,
    });
    expect(state.adjustSpeed).toEqual({ clipId: null, title: "", speedMultiplier: 1, keepPitch: false });
    expect(state.other.generationType).toBe("TEXT");
  });
});

describe("form memory", () => {
  it("restores what was saved, with conditions", () => {
    const storage = new MapStorage();
    const memory = formMemory(storage, "create", now);
    const state = addPersona(defaultCreateFormState("chirp-crow"), persona, proContext).state;
    memory.save({ ...state, custom: { ...state.custom, lyrics: "[Verse]\nstill here" } });
    const restored = formMemory(storage, "create", now).restore();
    expect(restored?.custom.lyrics).toBe("[Verse]\nstill here");
    expect(restored?.global.conditions.untimed.persona).toEqual(persona);
    expect(JSON.parse(storage.items.get(FORM_MEMORY_KEYS.create) ?? "")).toMatchObject({
      date: FORM_MEMORY_DATE,
      savedAt: now(),
    });
  });

  it("restores a memory saved before adjust speed had a title", () => {
    const storage = new MapStorage();
    const memory = formMemory(storage, "create", now);
    const state = defaultCreateFormState("chirp-crow");
    memory.save({ ...state, adjustSpeed: { ...state.adjustSpeed, clipId: "s-1" } });
    const saved = JSON.parse(storage.items.get(FORM_MEMORY_KEYS.create) ?? "");
    const { title: _title, ...older } = saved.state.adjustSpeed;
    storage.items.set(
      FORM_MEMORY_KEYS.create,
      JSON.stringify({ ...saved, state: { ...saved.state, adjustSpeed: older } }),
    );
    expect(formMemory(storage, "create", now).restore()?.adjustSpeed).toEqual({
      clipId: "s-1",
      title: "",
      speedMultiplier: 1,
      keepPitch: false,
    });
  });

  it("keeps the studio's memory apart from the create page's", () => {
    const storage = new MapStorage();
    const create = formMemory(storage, "create", now);
    const studio = formMemory(storage, "studio", now);
    const state = defaultCreateFormState("chirp-crow");
    create.save({ ...state, custom: { ...state.custom, title: "From create" } });
    expect(studio.restore()).toBeNull();
    studio.save({ ...state, custom: { ...state.custom, title: "From studio" } });
    expect(create.restore()?.custom.title).toBe("From create");
    expect(studio.restore()?.custom.title).toBe("From studio");
    studio.reset();
    expect(studio.restore()).toBeNull();
    expect(create.restore()?.custom.title).toBe("From create");
  });

  it("drops a memory that is not JSON, of another date or of a broken shape, without throwing", () => {
    const storage = new MapStorage();
    const memory = formMemory(storage, "create", now);
    const key = FORM_MEMORY_KEYS.create;
    const state = defaultCreateFormState("chirp-crow");
    for (const text of [
      "{not json",
      JSON.stringify({ date: "2024-01-01", savedAt: 1, state }),
      JSON.stringify({
        date: FORM_MEMORY_DATE,
        savedAt: 1,
        state: { ...state, custom: { ...state.custom, weirdness: 400 } },
      }),
      JSON.stringify({ date: FORM_MEMORY_DATE, savedAt: 1, state: { global: state.global } }),
      "null",
    ]) {
      storage.setItem(key, text);
      expect(memory.restore()).toBeNull();
      expect(storage.items.has(key)).toBe(false);
    }
  });

  it("survives a storage that refuses", () => {
    const refusing: FormMemoryStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    const memory = formMemory(refusing, "create", now);
    expect(() => memory.save(defaultCreateFormState("chirp-crow"))).not.toThrow();
    expect(memory.restore()).toBeNull();
    expect(() => memory.reset()).not.toThrow();
  });
});
