import type { Persona, ToggleLoveResponse } from "../../../shared/api/personas.ts";
import { i18n } from "../../i18n/i18n.ts";
import { showToast } from "../../shell/toast-store.ts";
import { toggleLove } from "./personas-api.ts";

/** Loves or unloves a persona with its toasts; the server's answer, or null when it failed. */
export async function toggleLoveWithToast(persona: Persona): Promise<ToggleLoveResponse | null> {
  try {
    const answer = await toggleLove(persona.id);
    showToast({
      kind: "info",
      title: answer.loved
        ? i18n.t("create:personaLove.youLoved", { name: persona.name })
        : i18n.t("create:personaLove.youUnloved", { name: persona.name }),
      durationMs: 3000,
    });
    return answer;
  } catch (error) {
    console.warn("Could not toggle love", error);
    showToast({
      kind: "error",
      title: i18n.t("create:personaLove.error"),
      description: i18n.t("create:personaLove.anErrorOccurredWhile"),
      durationMs: 5000,
    });
    return null;
  }
}
