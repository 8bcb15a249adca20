import { describe, expect, it } from "vitest";
import type { Conditions } from "../../src/shared/create/conditions.ts";
import type { CreateFormState } from "../../src/shared/create/form-state.ts";
import {
  coverExtendMode,
  debounce,
  FORM_SYNC_DEBOUNCE_MS,
  formSync,
  type GenerationForm,
  generationFormFromState,
  type Scheduler,
  stateFromGenerationForm,
} from "../../src/shared/create/form-sync.ts";
import { freshState, persona } from "./create-fixtures.ts";

/** Timers that run only when the test moves the clock. */
class ManualScheduler implements Scheduler {
  private time = 0;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();
  set(callback: () => void, delayMs: number) {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + delayMs, callback });
    return handle;
  }
  clear(handle: unknown) {
    this.timers.delete(handle as number);
  }
  advance(ms: number) {
    this.time += ms;
    for (const [handle, timer] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > this.time) continue;
      this.timers.delete(handle);
      timer.callback();
    }
  }
}

const withConditions = (conditions: Conditions, mode: CreateFormState["global"]["mode"] = "custom") => {
  const state = freshState();
  return { ...state, global: { ...state.global, mode, conditions } };
};

describe("cover/extend mode", () => {
  it("is read back from the conditions", () => {
    const extend = { type: "extend", clipId: "e", startSeconds: 3, isUpload: false } as const;
    expect(coverExtendMode({ untimed: {}, timed: null })).toBe("none");
    expect(coverExtendMode({ untimed: { cover: { clipId: "c" } }, timed: null })).toBe("cover");
    expect(coverExtendMode({ untimed: {}, timed: extend })).toBe("extend");
    expect(coverExtendMode({ untimed: { cover: { clipId: "c" } }, timed: extend })).toBe("cover_extend");
  });
});

describe("state and generation form", () => {
  it("the form carries the clips, mode and task of the state", () => {
    const state = withConditions({
      untimed: { cover: { clipId: "c" }, persona },
      timed: null,
    });
    const form = generationFormFromState({ ...state, adjustSpeed: { ...state.adjustSpeed, clipId: "s" } });
    expect(form).toMatchObject({
      modelVersion: "chirp-crow",
      simpleMode: false,
      task: "artist_cover",
      coverClipId: "c",
      personaId: "persona-1",
      personaClipId: "persona-root",
      continueClipId: null,
      speedClipId: "s",
    });
  });

  it("a round trip keeps the state", () => {
    const state = withConditions({
      untimed: { persona, playlist: { playlistId: "p", playlistName: "Mix" } },
      timed: { type: "extend", clipId: "e", startSeconds: 12.04, isUpload: true },
    });
    const back = stateFromGenerationForm(state, generationFormFromState(state));
    expect(back.global.conditions).toEqual(state.global.conditions);
    const infill = withConditions({
      untimed: {},
      timed: { type: "infill", clipId: "i", startSeconds: 4, endSeconds: 9 },
    });
    expect(stateFromGenerationForm(infill, generationFormFromState(infill)).global.conditions).toEqual(
      infill.global.conditions,
    );
    const painted = withConditions({ untimed: {}, timed: { type: "overpaint", clipId: "o" } });
    expect(
      stateFromGenerationForm(painted, generationFormFromState(painted)).global.conditions.timed,
    ).toEqual({
      type: "overpaint",
      clipId: "o",
    });
  });

  it("form changes become conditions and the mode", () => {
    const state = withConditions({ untimed: {}, timed: null }, "simple");
    const form: GenerationForm = {
      ...generationFormFromState(state),
      simpleMode: false,
      coverClipId: "c",
      continueClipId: "e",
      continueAtSeconds: 30,
    };
    const next = stateFromGenerationForm(state, form);
    expect(next.global.mode).toBe("custom");
    expect(next.global.conditions).toEqual({
      untimed: { cover: { clipId: "c" } },
      timed: { type: "extend", clipId: "e", startSeconds: 30, isUpload: false },
    });
    const cleared = stateFromGenerationForm(next, {
      ...form,
      coverClipId: null,
      continueClipId: null,
      simpleMode: true,
    });
    expect(cleared.global.conditions).toEqual({ untimed: {}, timed: null });
    expect(cleared.global.mode).toBe("simple");
  });
});

describe("debounce", () => {
  it("delivers the latest value 300 ms after the last push", () => {
    const scheduler = new ManualScheduler();
    const delivered: number[] = [];
    const debounced = debounce<number>((value) => delivered.push(value), FORM_SYNC_DEBOUNCE_MS, scheduler);
    debounced.push(1);
    scheduler.advance(299);
    debounced.push(2);
    scheduler.advance(299);
    expect(delivered).toEqual([]);
    scheduler.advance(1);
    expect(delivered).toEqual([2]);
    scheduler.advance(1000);
    expect(delivered).toEqual([2]);
    debounced.push(3);
    debounced.flush();
    expect(delivered).toEqual([2, 3]);
    debounced.push(4);
    debounced.cancel();
    scheduler.advance(1000);
    expect(delivered).toEqual([2, 3]);
  });
});

describe("the two-way sync", () => {
  it("follows each side after the debounce and does not echo", () => {
    const scheduler = new ManualScheduler();
    let state = freshState();
    const forms: GenerationForm[] = [];
    const states: CreateFormState[] = [];
    const sync = formSync({
      scheduler,
      currentState: () => state,
      setState: (next) => {
        state = next;
        states.push(next);
      },
      setForm: (form) => forms.push(form),
    });
    sync.stateChanged(withConditions({ untimed: { cover: { clipId: "c" } }, timed: null }));
    scheduler.advance(FORM_SYNC_DEBOUNCE_MS - 1);
    expect(forms).toHaveLength(0);
    scheduler.advance(1);
    expect(forms).toHaveLength(1);
    expect(forms[0].coverClipId).toBe("c");
    // The form side hands the same form back: nothing moves.
    sync.formChanged(forms[0]);
    scheduler.advance(FORM_SYNC_DEBOUNCE_MS);
    expect(states).toHaveLength(0);
    sync.formChanged({ ...forms[0], coverClipId: "d" });
    scheduler.advance(FORM_SYNC_DEBOUNCE_MS);
    expect(states).toHaveLength(1);
    expect(state.global.conditions.untimed.cover).toEqual({ clipId: "d" });
    // The state side reports the synced state: the form it stands for is already known.
    sync.stateChanged(state);
    scheduler.advance(FORM_SYNC_DEBOUNCE_MS);
    expect(forms).toHaveLength(1);
  });
});
