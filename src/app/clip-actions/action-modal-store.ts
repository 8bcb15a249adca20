// Which clip action's modal is open (Remaster, Stems, a download's), for the one host every page
// mounts. One at a time: opening another replaces it.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";

/** The file formats a song downloads in, as the download modals name them. */
export type DownloadFormat = "MP3" | "WAV" | "Opus";

export type ClipActionModal =
  | { readonly kind: "remaster"; readonly clip: Clip }
  | { readonly kind: "stems"; readonly clip: Clip; readonly midi: boolean }
  | { readonly kind: "hireEditor"; readonly clip: Clip }
  /** No downloads of other people's songs are left this month. */
  | { readonly kind: "downloadQuota"; readonly clip: Clip; readonly limit: number | null }
  /** What comes with the file, before it downloads: `choose` answers whether to go ahead. */
  | {
      readonly kind: "downloadFile";
      readonly clip: Clip;
      readonly format: DownloadFormat;
      readonly notices: readonly string[];
      /** Offer the upgrade (commercial rights come with a paid plan). */
      readonly upgrade: boolean;
      readonly choose: (download: boolean) => void;
    };

const store = createStore<{ readonly modal: ClipActionModal | null }>(() => ({ modal: null }));

export const useClipActionModal = (): ClipActionModal | null => useStore(store, (state) => state.modal);
export const openClipActionModal = (modal: ClipActionModal) => store.setState({ modal });
export const closeClipActionModal = () => store.setState({ modal: null });
