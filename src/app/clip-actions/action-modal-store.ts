// Which clip action's modal is open (Remaster, Stems, a download's), for the one host every page
// mounts. One at a time: opening another replaces it.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";

export type ClipActionModal =
  | { readonly kind: "remaster"; readonly clip: Clip }
  | { readonly kind: "stems"; readonly clip: Clip; readonly midi: boolean }
  | { readonly kind: "hireEditor"; readonly clip: Clip };

const store = createStore<{ readonly modal: ClipActionModal | null }>(() => ({ modal: null }));

export const useClipActionModal = (): ClipActionModal | null => useStore(store, (state) => state.modal);
export const openClipActionModal = (modal: ClipActionModal) => store.setState({ modal });
export const closeClipActionModal = () => store.setState({ modal: null });
