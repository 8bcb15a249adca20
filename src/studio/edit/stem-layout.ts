// The stem editor's layout: horizontal (panels side by side) or vertical (the session on top), its
// three panels (create, session, library) and the focused-object sidebar, and the keys that change
// it. Keys act outside text inputs only, so typing a name never rearranges the page.

export const LAYOUT_MODES = ["horizontal", "vertical"] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

export const PANELS = ["create", "session", "library", "sidebar"] as const;
export type Panel = (typeof PANELS)[number];

/** Sizes in pixels. */
export const PANEL_SIZES = {
  expandedMin: 368,
  collapsed: 48,
  createDefault: 450,
  libraryDefault: 450,
  sidebarDefault: 368,
  verticalTop: 500,
} as const;

export interface StemLayout {
  readonly mode: LayoutMode;
  /** Which panels are expanded; a collapsed one keeps a 48 px strip. */
  readonly open: Readonly<Record<Panel, boolean>>;
}

/** The session and the library open, so the timeline keeps most of the width at first. */
export const DEFAULT_STEM_LAYOUT: StemLayout = {
  mode: "horizontal",
  open: { create: false, session: true, library: true, sidebar: false },
};

/** Keys 1 to 4, in order: the create panel, the session panel, the library panel, the sidebar. */
const PANEL_KEYS: Readonly<Record<string, Panel>> = {
  "1": "create",
  "2": "session",
  "3": "library",
  "4": "sidebar",
};

export interface LayoutKey {
  readonly key: string;
  /** Any modifier makes the key someone else's (Ctrl+1 switches browser tabs). */
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** The key was typed into a text input, a text area or an editable element. */
  readonly inTextInput: boolean;
}

/**
 * The layout after a key: backtick cycles the layout mode, 1 to 4 toggle a panel (horizontal mode
 * only). Null when the key is not a layout key here, so the page lets it through.
 */
export function layoutAfterKey(layout: StemLayout, key: LayoutKey): StemLayout | null {
  if (key.inTextInput || key.ctrlKey || key.metaKey || key.altKey) return null;
  if (key.key === "`") {
    const next = LAYOUT_MODES[(LAYOUT_MODES.indexOf(layout.mode) + 1) % LAYOUT_MODES.length];
    return { ...layout, mode: next };
  }
  const panel = PANEL_KEYS[key.key];
  if (panel === undefined || layout.mode !== "horizontal") return null;
  return { ...layout, open: { ...layout.open, [panel]: !layout.open[panel] } };
}

/** A panel's width (horizontal) in pixels: its default when open, the strip when collapsed. */
export function panelSize(layout: StemLayout, panel: Exclude<Panel, "session">): number {
  if (!layout.open[panel]) return PANEL_SIZES.collapsed;
  if (panel === "create") return PANEL_SIZES.createDefault;
  if (panel === "library") return PANEL_SIZES.libraryDefault;
  return PANEL_SIZES.sidebarDefault;
}
