// Which song the Share modal is open for, if any: any page (the song menu, the song page) opens it
// with openShareModal; the modal itself is mounted once, beside the player.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";

/** "to": Share to... (other apps and sites); "friends": Share with friends (a link to send). */
export type ShareMode = "to" | "friends";

const shareModalStore = createStore<{ readonly clip: Clip | null; readonly mode: ShareMode }>(() => ({
  clip: null,
  mode: "to",
}));

export const openShareModal = (clip: Clip, mode: ShareMode = "to"): void =>
  shareModalStore.setState({ clip, mode });
export const closeShareModal = (): void => shareModalStore.setState({ clip: null });
export const useShareModal = () => useStore(shareModalStore);
