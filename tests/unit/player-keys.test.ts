import { describe, expect, it } from "vitest";
import { playerKeyAction, SEEK_STEP_S, VOLUME_STEP } from "../../src/app/player/player-keys.ts";
import { showsGlobalPlayer } from "../../src/app/player/player-routes.ts";

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const on = (tagName: string, type?: string) => ({ tagName, isContentEditable: false, type });
const BODY = on("BODY");

describe("the player's keys", () => {
  it("space toggles, arrows seek and change the volume, M mutes", () => {
    expect(playerKeyAction(press(" "), BODY)).toEqual({ kind: "toggle" });
    expect(playerKeyAction(press("ArrowLeft"), BODY)).toEqual({ kind: "seek", bySeconds: -SEEK_STEP_S });
    expect(playerKeyAction(press("ArrowRight"), BODY)).toEqual({ kind: "seek", bySeconds: SEEK_STEP_S });
    expect(playerKeyAction(press("ArrowUp"), BODY)).toEqual({ kind: "volume", by: VOLUME_STEP });
    expect(playerKeyAction(press("ArrowDown"), BODY)).toEqual({ kind: "volume", by: -VOLUME_STEP });
    expect(playerKeyAction(press("m"), BODY)).toEqual({ kind: "mute" });
    expect(playerKeyAction(press("M"), null)).toEqual({ kind: "mute" });
    expect(playerKeyAction(press("x"), BODY)).toBeNull();
  });

  it("leaves keys typed into text fields, and shortcuts with modifiers, alone", () => {
    for (const target of [
      on("INPUT", "text"),
      on("INPUT", "search"),
      on("INPUT"),
      on("TEXTAREA"),
      on("SELECT"),
    ]) {
      expect(playerKeyAction(press(" "), target)).toBeNull();
      expect(playerKeyAction(press("m"), target)).toBeNull();
    }
    expect(playerKeyAction(press("m"), { tagName: "DIV", isContentEditable: true })).toBeNull();
    expect(playerKeyAction(press("ArrowLeft", { metaKey: true }), BODY)).toBeNull();
    expect(playerKeyAction(press("m", { ctrlKey: true }), BODY)).toBeNull();
  });

  it("leaves a focused control its own keys: space on a button or link, arrows on a slider", () => {
    expect(playerKeyAction(press(" "), on("BUTTON"))).toBeNull();
    expect(playerKeyAction(press(" "), on("A"))).toBeNull();
    expect(playerKeyAction(press("ArrowRight"), on("INPUT", "range"))).toBeNull();
    expect(playerKeyAction(press("ArrowRight"), on("BUTTON"))).toEqual({
      kind: "seek",
      bySeconds: SEEK_STEP_S,
    });
    expect(playerKeyAction(press("m"), on("INPUT", "range"))).toEqual({ kind: "mute" });
  });
});

describe("the pages with the global player", () => {
  it.each([
    ["/", true],
    ["/create", true],
    ["/me", true],
    ["/persona/5c0e0b5e-0000-4000-8000-000000000000", true],
    ["/studio", false],
    ["/studio/", false],
    ["/edit/5c0e0b5e-0000-4000-8000-000000000000", false],
    ["/edit-v3/anything", false],
    ["/editorial", true],
    ["/studios", true],
  ])("%s: %s", (pathname, shows) => {
    expect(showsGlobalPlayer(pathname)).toBe(shows);
  });
});
