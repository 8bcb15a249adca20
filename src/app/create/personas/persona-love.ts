import type { Persona, ToggleLoveResponse } from "../../../shared/api/personas.ts";
import { showToast } from "../../shell/toast-store.ts";
import { toggleLove } from "./personas-api.ts";

/** Loves or unloves a persona with its toasts; the server's answer, or null when it failed. */
export async function toggleLoveWithToast(persona: Persona): Promise<ToggleLoveResponse | null> {
  try {
    const answer = await toggleLove(persona.id);
    showToast({
      kind: "info",
      title: answer.loved ? `You loved "${persona.name}"` : `You unloved "${persona.name}"`,
      durationMs: 3000,
    });
    return answer;
  } catch (error) {
    console.warn("Could not toggle love", error);
    showToast({
      kind: "error",
      title: "Error",
      description: "An error occurred while toggling love for the persona.",
      durationMs: 5000,
    });
    return null;
  }
}
