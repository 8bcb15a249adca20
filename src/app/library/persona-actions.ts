// Changing one's own persona from the personas page: trash and restore (with Undo), visibility.

import { type Persona, personaSchema } from "../../shared/api/personas.ts";
import { UNDO_TOAST_MS, UNDONE_MESSAGE } from "../../shared/library/trash-rules.ts";
import { apiRequest } from "../account/api-request.ts";
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
      title: "Failed to update persona",
      description: String(error),
      durationMs: 5000,
    });
    return;
  }
  changed();
  showToast({
    kind: "success",
    title: trashed ? `${persona.name} has been moved to trash.` : `${persona.name} has been restored.`,
    durationMs: UNDO_TOAST_MS,
    action: {
      label: "Undo",
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
  try {
    await apiRequest(
      `/api/persona/set_visibility/${encodeURIComponent(persona.id)}/?is_public=${isPublic}`,
      personaSchema,
      { method: "PUT" },
    );
    changed();
    showToast({ kind: "success", title: "Persona updated successfully.", durationMs: 3000 });
  } catch (error) {
    showToast({
      kind: "error",
      title: "Failed to update persona",
      description: error instanceof Error ? error.message : "An error occurred while updating the persona.",
      durationMs: 5000,
    });
  }
}
