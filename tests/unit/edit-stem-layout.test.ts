import { describe, expect, it } from "vitest";
import {
  DEFAULT_STEM_LAYOUT,
  type LayoutKey,
  layoutAfterKey,
  PANEL_SIZES,
  panelSize,
} from "../../src/studio/edit/stem-layout.ts";

const press = (key: string, extra: Partial<LayoutKey> = {}): LayoutKey => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inTextInput: false,
  ...extra,
});

describe("the stem editor's layout keys", () => {
  it("cycles the layout mode with backtick", () => {
    const vertical = layoutAfterKey(DEFAULT_STEM_LAYOUT, press("`"));
    expect(vertical?.mode).toBe("vertical");
    expect(layoutAfterKey(vertical ?? DEFAULT_STEM_LAYOUT, press("`"))?.mode).toBe("horizontal");
  });

  it("toggles the create, session, library panels and the sidebar with 1 to 4 in horizontal mode", () => {
    const panels = ["create", "session", "library", "sidebar"] as const;
    const all = {
      ...DEFAULT_STEM_LAYOUT,
      open: { create: true, session: true, library: true, sidebar: true },
    };
    panels.forEach((panel, index) => {
      const closed = layoutAfterKey(all, press(String(index + 1)));
      expect(closed?.open[panel]).toBe(false);
      for (const other of panels.filter((name) => name !== panel)) expect(closed?.open[other]).toBe(true);
      expect(layoutAfterKey(closed ?? all, press(String(index + 1)))?.open[panel]).toBe(true);
    });
  });

  it("leaves 1 to 4 alone in vertical mode, and every key alone in text inputs or with modifiers", () => {
    const vertical = { ...DEFAULT_STEM_LAYOUT, mode: "vertical" as const };
    expect(layoutAfterKey(vertical, press("1"))).toBeNull();
    expect(layoutAfterKey(DEFAULT_STEM_LAYOUT, press("`", { inTextInput: true }))).toBeNull();
    expect(layoutAfterKey(DEFAULT_STEM_LAYOUT, press("2", { inTextInput: true }))).toBeNull();
    expect(layoutAfterKey(DEFAULT_STEM_LAYOUT, press("1", { ctrlKey: true }))).toBeNull();
    expect(layoutAfterKey(DEFAULT_STEM_LAYOUT, press("5"))).toBeNull();
  });

  it("sizes panels 450 for create and library, 368 for the sidebar, 48 collapsed", () => {
    const all = {
      ...DEFAULT_STEM_LAYOUT,
      open: { create: true, session: true, library: true, sidebar: true },
    };
    expect(panelSize(all, "create")).toBe(450);
    expect(panelSize(all, "library")).toBe(450);
    expect(panelSize(all, "sidebar")).toBe(368);
    expect(panelSize(DEFAULT_STEM_LAYOUT, "create")).toBe(48);
    const closed = layoutAfterKey(all, press("3"));
    expect(closed && panelSize(closed, "library")).toBe(48);
    expect(PANEL_SIZES.verticalTop).toBe(500);
    expect(PANEL_SIZES.expandedMin).toBe(368);
  });
});
