import { useStore } from "zustand";
import { playheadStore } from "../player/player-store.ts";

/** Where the player bar is in this song, in seconds; null while it holds another song or none. */
export const useSongPosition = (clipId: string): number | null =>
  useStore(playheadStore, (state) => (state.clipId === clipId ? state.seconds : null));
