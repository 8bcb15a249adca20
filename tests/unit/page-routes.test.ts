// The table of the app's pages that the page router and the server both answer from.

import { describe, expect, it } from "vitest";
import { artistRedirect, matchPageRoute, PAGE_ROUTES } from "../../src/shared/page-routes.ts";

const ID = "0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f";

describe("the page table", () => {
  it.each([
    ["/", "home", {}],
    ["/create", "create", {}],
    ["/create/", "create", {}],
    ["/create/v2", "createV2", {}],
    ["/studio", "studio", {}],
    ["/login", "login", {}],
    [`/persona/${ID}`, "persona", { id: ID }],
    [`/song/${ID.toUpperCase()}`, "song", { id: ID.toUpperCase() }],
    ["/@demo_pro", "profile", { handle: "demo_pro" }],
    ["/@demo_pro/hook/h-12_x", "profileHook", { handle: "demo_pro", id: "h-12_x" }],
    [`/playlist/${ID}`, "playlist", { id: ID }],
    [`/radio/song/${ID}`, "songRadio", { clipId: ID }],
    ["/live-radio", "liveRadio", {}],
    ["/on_repeat", "onRepeat", {}],
    ["/me", "library", {}],
    ["/me/personas", "myPersonas", {}],
    ["/home", "feedHome", {}],
    ["/search", "search", {}],
    ["/notifications", "notifications", {}],
    ["/s/Ab3_-x", "share", { code: "Ab3_-x" }],
    ["/artist", "artists", {}],
    ["/artist/someone/songs", "artist", { path: "someone/songs" }],
    ["/hooks", "hooks", {}],
    ["/hooks/create", "hookCreate", {}],
    ["/hook/abc", "hook", { hookId: "abc" }],
    [`/embed/${ID}`, "embed", { id: ID }],
    [`/edit/${ID}`, "edit", { clipId: ID }],
    [`/edit-legacy/${ID}`, "editLegacy", { clipId: ID }],
    ["/edit-v3/any/where", "editV3", { path: "any/where" }],
    ["/account", "account", {}],
    ["/legal/terms", "terms", {}],
    ["/b-side/describe-clip", "describeClip", {}],
    [`/contest/${ID}`, "contest", { id: ID }],
  ])("knows %s as the %s page", (path, name, params) => {
    expect(matchPageRoute(path)).toEqual({ name, params });
  });

  it.each([
    "/nope",
    "/studios",
    "/studio/extra",
    "/persona",
    "/persona/abc-1",
    `/persona/${ID}/more`,
    `/song/${ID}x`,
    "/@ab",
    "/@not-a-handle",
    "/s/",
    "/s/a b",
    "/edit-v3",
    "/me/else",
    "/index.html.bak",
    "//create",
  ])("knows %s is no page", (path) => {
    expect(matchPageRoute(path)).toBeNull();
  });

  it("decodes escaped segments", () => {
    expect(matchPageRoute("/artist/caf%C3%A9")?.params).toEqual({ path: "café" });
    expect(matchPageRoute("/artist/100%")?.params).toEqual({ path: "100%" });
  });

  it("gives every page a distinct pattern", () => {
    const patterns = Object.values(PAGE_ROUTES);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe("artist links", () => {
  it("go to the profile of the handle they name, else home", () => {
    expect(artistRedirect("ann_b")).toBe("/@ann_b");
    expect(artistRedirect("ann_b/songs")).toBe("/@ann_b");
    expect(artistRedirect("")).toBe("/");
    expect(artistRedirect("not a handle")).toBe("/");
  });
});
