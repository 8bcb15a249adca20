// The form notices: info toasts raised when a form change removes or alters
// something the user set.

export const FORM_NOTICE_TITLES = {
  extend_from_updated: '"Extend from" updated',
  remove_inspiration: "Inspiration removed",
  remove_painting: "Vocals/Instrumentals removed",
  remove_cover: "Cover condition removed",
  remove_persona: "Persona removed",
  model_change: "Model changed",
  truncate_inputs: "Inputs truncated",
  remove_condition: "Condition removed",
  clear_inspiration_clips: "Inspiration clips cleared",
} as const;
export type FormNoticeKind = keyof typeof FORM_NOTICE_TITLES;

export const FORM_NOTICE_MS = 3000;
/** A notice showing the vox persona hint stays longer, to be read. */
export const FORM_NOTICE_WITH_HINT_MS = 10_000;

export interface FormNotice {
  readonly kind: FormNoticeKind;
  readonly title: string;
  readonly durationMs: number;
  /** Show the hint that the vox persona keeps a persona with an inspiration playlist. */
  readonly voxPersonaHint: boolean;
}

export const formNotice = (kind: FormNoticeKind, voxPersonaHint = false): FormNotice => ({
  kind,
  title: FORM_NOTICE_TITLES[kind],
  durationMs: voxPersonaHint ? FORM_NOTICE_WITH_HINT_MS : FORM_NOTICE_MS,
  voxPersonaHint,
});
