import type { Conditions, TimedCondition } from "./conditions.ts";
import type { CreateFormState } from "./form-state.ts";
import { referencesFromConditions } from "./request-assembly.ts";
import { deriveTask } from "./task-derivation.ts";

// The two-way sync between the create form's state and the generation form:
// the generation form holds the clips as plain fields (cover, continue, artist, persona,
// playlist, speed and reused-styles-and-lyrics clips); the state holds them as conditions.

export interface GenerationForm {
  readonly modelVersion: string;
  readonly simpleMode: boolean;
  readonly generationType: string;
  readonly task: string | null;
  readonly excludeStylesEnabled: boolean;
  readonly coverClipId: string | null;
  readonly continueClipId: string | null;
  readonly continueAtSeconds: number | null;
  readonly continueIsUpload: boolean;
  readonly infillFromSeconds: number | null;
  readonly infillToSeconds: number | null;
  readonly personaId: string | null;
  readonly personaClipId: string | null;
  readonly artistClipId: string | null;
  readonly artistStartSeconds: number | null;
  readonly artistEndSeconds: number | null;
  readonly playlistId: string | null;
  readonly speedClipId: string | null;
  readonly reusedFromClipId: string | null;
}

export type CoverExtendMode = "cover_extend" | "cover" | "extend" | "none";

/** Read back from the conditions for the form's cover and extend controls. */
export function coverExtendMode(conditions: Conditions): CoverExtendMode {
  const cover = conditions.untimed.cover !== undefined;
  const extend = conditions.timed?.type === "extend";
  if (cover && extend) return "cover_extend";
  if (cover) return "cover";
  return extend ? "extend" : "none";
}

/** The generation form the state stands for. */
export function generationFormFromState(state: CreateFormState): GenerationForm {
  const { untimed, timed } = state.global.conditions;
  const continued = timed?.type === "extend" || timed?.type === "infill" ? timed : null;
  const references = referencesFromConditions(state);
  return {
    modelVersion: state.global.model,
    simpleMode: state.global.mode === "simple",
    generationType: state.other.generationType,
    task: deriveTask(references, { voxPersonaEnabled: untimed.voxPersona?.enabled === true }),
    excludeStylesEnabled: state.other.excludeStylesEnabled,
    coverClipId: untimed.cover?.clipId ?? null,
    continueClipId: continued?.clipId ?? null,
    continueAtSeconds: timed?.type === "extend" ? timed.startSeconds : null,
    continueIsUpload: timed?.type === "extend" && timed.isUpload,
    infillFromSeconds: timed?.type === "infill" ? timed.startSeconds : null,
    infillToSeconds: timed?.type === "infill" ? timed.endSeconds : null,
    personaId: untimed.persona?.personaId ?? null,
    personaClipId: untimed.persona?.clipId ?? null,
    artistClipId: untimed.persona?.clipId ?? null,
    artistStartSeconds: untimed.persona?.startSeconds ?? null,
    artistEndSeconds: untimed.persona?.endSeconds ?? null,
    playlistId: untimed.playlist?.playlistId ?? null,
    speedClipId: state.adjustSpeed.clipId,
    reusedFromClipId: state.custom.reusedFromClipId,
  };
}

function timedFromForm(form: GenerationForm, before: TimedCondition | null): TimedCondition | null {
  if (form.continueClipId !== null) {
    if (form.infillFromSeconds !== null && form.infillToSeconds !== null) {
      return {
        type: "infill",
        clipId: form.continueClipId,
        startSeconds: form.infillFromSeconds,
        endSeconds: form.infillToSeconds,
      };
    }
    return {
      type: "extend",
      clipId: form.continueClipId,
      startSeconds: form.continueAtSeconds ?? 0,
      isUpload: form.continueIsUpload,
    };
  }
  // Vocals and instrumental have no field on the generation form: they stay as they were.
  return before?.type === "underpaint" || before?.type === "overpaint" ? before : null;
}

/**
 * The state with the generation form's clips as conditions. What the form does not carry (a
 * persona's name and styles, a playlist's name) is kept when the id is unchanged.
 */
export function stateFromGenerationForm(state: CreateFormState, form: GenerationForm): CreateFormState {
  const { untimed, timed } = state.global.conditions;
  const next: Conditions["untimed"] = { ...untimed };
  delete next.cover;
  delete next.persona;
  delete next.playlist;
  delete next.reuseStylesLyrics;
  if (form.coverClipId !== null) next.cover = { clipId: form.coverClipId };
  const personaClipId = form.personaClipId ?? form.artistClipId;
  if (form.personaId !== null && personaClipId !== null) {
    const same = untimed.persona?.personaId === form.personaId ? untimed.persona : undefined;
    next.persona = {
      personaId: form.personaId,
      clipId: personaClipId,
      startSeconds: form.artistStartSeconds,
      endSeconds: form.artistEndSeconds,
      personaName: same?.personaName ?? "",
      personaImageUrl: same?.personaImageUrl ?? null,
      tags: same?.tags ?? "",
      negativeTags: same?.negativeTags ?? "",
    };
  }
  if (form.playlistId !== null) {
    const same = untimed.playlist?.playlistId === form.playlistId ? untimed.playlist : undefined;
    next.playlist = { playlistId: form.playlistId, playlistName: same?.playlistName ?? "" };
  }
  if (form.reusedFromClipId !== null) next.reuseStylesLyrics = { clipId: form.reusedFromClipId };
  const mode = form.simpleMode ? "simple" : state.global.mode === "simple" ? "custom" : state.global.mode;
  return {
    ...state,
    global: {
      ...state.global,
      model: form.modelVersion,
      mode,
      conditions: { untimed: next, timed: timedFromForm(form, timed) },
    },
    custom: { ...state.custom, reusedFromClipId: form.reusedFromClipId },
    adjustSpeed: { ...state.adjustSpeed, clipId: form.speedClipId },
    other: {
      ...state.other,
      generationType: form.generationType,
      task: form.task,
      excludeStylesEnabled: form.excludeStylesEnabled,
    },
  };
}

/** The form-sync debounce. */
export const FORM_SYNC_DEBOUNCE_MS = 300;

/** Timers as the debouncer needs them: window's on the page, a manual clock in tests. */
export interface Scheduler {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

export interface Debounced<T> {
  /** Keeps the latest value; it is delivered once no other arrives for the delay. */
  push(value: T): void;
  /** Delivers a pending value now (leaving the page). */
  flush(): void;
  cancel(): void;
}

export function debounce<T>(
  deliver: (value: T) => void,
  delayMs: number,
  scheduler: Scheduler,
): Debounced<T> {
  let pending: { value: T } | null = null;
  let handle: unknown = null;
  const fire = () => {
    handle = null;
    if (pending === null) return;
    const { value } = pending;
    pending = null;
    deliver(value);
  };
  return {
    push(value) {
      pending = { value };
      if (handle !== null) scheduler.clear(handle);
      handle = scheduler.set(fire, delayMs);
    },
    flush() {
      if (handle !== null) scheduler.clear(handle);
      fire();
    },
    cancel() {
      if (handle !== null) scheduler.clear(handle);
      handle = null;
      pending = null;
    },
  };
}

export interface FormSync {
  /** The create state changed: the generation form follows after the debounce. */
  stateChanged(state: CreateFormState): void;
  /** The generation form changed: the state follows after the debounce. */
  formChanged(form: GenerationForm): void;
  flush(): void;
  cancel(): void;
}

const sameForm = (a: GenerationForm, b: GenerationForm): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Both directions, debounced 300 ms, each side told only of real changes so the sync never echoes
 * back and forth. `currentState` reads the state as it is when a form change lands.
 */
export function formSync(options: {
  readonly scheduler: Scheduler;
  readonly currentState: () => CreateFormState;
  readonly setState: (state: CreateFormState) => void;
  readonly setForm: (form: GenerationForm) => void;
}): FormSync {
  let lastForm: GenerationForm | null = null;
  const toForm = debounce<CreateFormState>(
    (state) => {
      const form = generationFormFromState(state);
      if (lastForm !== null && sameForm(form, lastForm)) return;
      lastForm = form;
      options.setForm(form);
    },
    FORM_SYNC_DEBOUNCE_MS,
    options.scheduler,
  );
  const toState = debounce<GenerationForm>(
    (form) => {
      if (lastForm !== null && sameForm(form, lastForm)) return;
      lastForm = form;
      options.setState(stateFromGenerationForm(options.currentState(), form));
    },
    FORM_SYNC_DEBOUNCE_MS,
    options.scheduler,
  );
  return {
    stateChanged: (state) => toForm.push(state),
    formChanged: (form) => toState.push(form),
    flush() {
      toForm.flush();
      toState.flush();
    },
    cancel() {
      toForm.cancel();
      toState.cancel();
    },
  };
}
