import { NO_CONDITIONS } from "./conditions.ts";
import { type CreateFormState, defaultCreateFormState } from "./form-state.ts";

// The create page's chat mode (/create?mode=chat&ref_id={clip}&ref_type=clip): each message the user
// sends about the referenced song becomes a generation. The message is the song description (simple
// mode) and the song is the cover reference, so the task derives as "cover" and the form's checks,
// model rules and wire body apply unchanged.

/** The form state one chat message generates from: a fresh simple-mode form covering the song. */
export function chatFormState(model: string, referenceClipId: string, message: string): CreateFormState {
  const base = defaultCreateFormState(model);
  return {
    ...base,
    global: {
      ...base.global,
      mode: "simple",
      conditions: { ...NO_CONDITIONS, untimed: { cover: { clipId: referenceClipId } } },
    },
    simple: { prompt: message.trim(), instrumental: false },
  };
}

/** The reply that carries a message's songs. */
export function chatReplyText(songCount: number, referenceTitle: string): string {
  const title = referenceTitle.trim() || "Untitled";
  return songCount === 1
    ? `Here is a new take on "${title}".`
    : `Here are ${songCount} new takes on "${title}".`;
}
