// The steps from a Play press to the engine's sound, as User Timing marks ("player:begin",
// "player:fetch", "player:response", "player:source", "player:woken", "player:play"): the player
// bench reads them to say where the time goes, and a browser's performance panel shows them.

export type PlayerStep = "begin" | "fetch" | "response" | "source" | "woken" | "play";

export function markStep(step: PlayerStep): void {
  performance.mark(`player:${step}`);
}
