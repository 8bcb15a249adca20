// The song menu's dialogs, one at a time: publish or unpublish, Song Details, Report, Move to
// Workspace, a confirmation (pins) and an upsell. The menu that opened one shows it (its owner key), so a page
// with many song rows draws it once.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import type { FeaturePermission } from "../../shared/song-menu/feature-permissions.ts";

export type MenuModal =
  | { readonly kind: "publish"; readonly clip: Clip }
  | { readonly kind: "details"; readonly clip: Clip }
  | { readonly kind: "report"; readonly clip: Clip }
  | { readonly kind: "moveToWorkspace"; readonly clips: readonly Clip[] }
  | {
      readonly kind: "confirm";
      readonly title: string;
      readonly message: string;
      readonly confirmLabel: string;
      readonly run: () => void;
    }
  | { readonly kind: "upsell"; readonly feature: FeaturePermission };

interface MenuModalState {
  readonly owner: string | null;
  readonly modal: MenuModal | null;
}

const menuModalStore = createStore<MenuModalState>(() => ({ owner: null, modal: null }));

/** The dialog the menu with this owner key opened, if any. */
export const useMenuModal = (owner: string): MenuModal | null =>
  useStore(menuModalStore, (state) => (state.owner === owner ? state.modal : null));

export const openMenuModal = (owner: string, modal: MenuModal) => menuModalStore.setState({ owner, modal });
export const closeMenuModal = () => menuModalStore.setState({ owner: null, modal: null });
