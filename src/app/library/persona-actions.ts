// Changing one's own persona from the personas page: edit, trash and restore (with Undo),
// visibility.

import type { EditPersonaBody } from "../../shared/api/persona-library.ts";
import { type Persona, personaSchema } from "../../shared/api/personas.ts";
import { UNDO_TOAST_MS, UNDONE_MESSAGE } from "../../shared/library/trash-rules.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../shell/toast-store.ts";

/** Trashes or restores one's persona; the list drops it, and the toast offers Undo. */
export async function setTrashed(persona: Persona, trashed: boolean, changed: () => void): Promise<void> {
  try {
    await apiRequest(
      `/api/persona/trash-persona/${encodeURIComponent(persona.id)}/?undo=${!trashed}`,
      personaSchema,
      {
        method: "PUT",
      },
    );
  } catch (error) {
    showToast({
      kind: "error",
      title: i18n.t("library:personaActions.failedToUpdatePersona"),
      description: String(error),
      durationMs: 5000,
    });
    return;
  }
  changed();
  showToast({
    kind: "success",
    title: trashed
      ? i18n.t("library:personaActions.hasBeenMovedTo", { name: persona.name })
      : i18n.t("library:personaActions.hasBeenRestored", { name: persona.name }),
    durationMs: UNDO_TOAST_MS,
    action: {
      label: i18n.t("library:personaActions.undo"),
      run: () =>
        void apiRequest(
          `/api/persona/trash-persona/${encodeURIComponent(persona.id)}/?undo=${trashed}`,
          personaSchema,
          {
            method: "PUT",
          },
        ).then(() => {
          changed();
          showToast({ kind: "info", title: UNDONE_MESSAGE, durationMs: 3000 });
        }),
    },
  });
}

export async function setPublic(persona: Persona, isPublic: boolean, changed: () => void): Promise<void> {
  await updatePersona(
    `/api/persona/set_visibility/${encodeURIComponent(persona.id)}/?is_public=${isPublic}`,
    undefined,
    changed,
  );
}

/** Edits one's persona (name, description, avatar, visibility); answers whether it was saved. */
export function editPersona(persona: Persona, body: EditPersonaBody, changed: () => void): Promise<boolean> {
  return updatePersona(`/api/persona/edit-persona/${encodeURIComponent(persona.id)}/`, body, changed);
}

/** 'Persona updated successfully.', or 'Failed to update persona' with the server's reason. */
async function updatePersona(path: string, body: EditPersonaBody | undefined, changed: () => void) {
  try {
    await apiRequest(path, personaSchema, { method: "PUT", body });
  } catch (error) {
    showToast({
      kind: "error",
      title: i18n.t("library:personaActions.failedToUpdatePersona"),
      description:
        error instanceof ApiError ? error.detail : i18n.t("library:personaActions.anErrorOccurredWhile"),
      durationMs: 5000,
    });
    return false;
  }
  changed();
  showToast({
    kind: "success",
    title: i18n.t("library:personaActions.personaUpdatedSuccessfully"),
    durationMs: 3000,
  });
  return true;
}
