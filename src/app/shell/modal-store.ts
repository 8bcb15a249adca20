// Which create-page modal is open (audio upload, audio record, personas,
// inspiration, lyrics prompts, styles prompts; and create persona).

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";

export type CreateModal =
  | { readonly kind: "upload"; readonly file: File | null }
  /** Own audio as a persona's base song: 10 to 30 s, then back to Create a Persona. */
  | { readonly kind: "personaUpload" }
  | { readonly kind: "personas" }
  /** Opened from a song's menu (Make Persona) or after a persona upload, with that song as the base. */
  | { readonly kind: "createPersona"; readonly baseClipId?: string }
  | { readonly kind: "inspiration" }
  /** The create menu's library tab: own songs as inspiration or sample clips. */
  | { readonly kind: "library" }
  | { readonly kind: "lyricsPrompts" }
  | { readonly kind: "stylesPrompts" };

export const modalStore = createStore<{ readonly modal: CreateModal | null }>(() => ({ modal: null }));

export const useModal = (): CreateModal | null => useStore(modalStore, (state) => state.modal);

export const openModal = (modal: CreateModal) => modalStore.setState({ modal });
export const closeModal = () => modalStore.setState({ modal: null });
