import { describe, expect, it } from "vitest";
import { matchRoute, opensDemo, parseStudioQuery, withoutParams } from "../../src/app/routes.ts";
import {
  LEGACY_EDITOR_HREF,
  LEGACY_LINK_DELAY_MS,
  legacyLinkDelay,
  OVERLAY_FADE_DELAY_MS,
  overlayFadeDelay,
} from "../../src/studio/ui/shell/loading-timing.ts";

describe("studio routes", () => {
  it("matches the home page, the studio and nothing else", () => {
    expect(matchRoute("/")).toEqual({ name: "home" });
    expect(matchRoute("/studio")).toEqual({ name: "studio" });
    expect(matchRoute("/studio/")).toEqual({ name: "studio" });
    expect(matchRoute("/studios")).toEqual({ name: "notFound" });
    expect(matchRoute("/studio/extra")).toEqual({ name: "notFound" });
  });

  it("matches /persona/{id} with a persona id (a UUID)", () => {
    const id = "0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f";
    expect(matchRoute(`/persona/${id}`)).toEqual({ name: "persona", personaId: id });
    expect(matchRoute(`/persona/${id}/`)).toEqual({ name: "persona", personaId: id });
    expect(matchRoute("/persona/abc-1")).toEqual({ name: "notFound" });
    expect(matchRoute("/persona")).toEqual({ name: "notFound" });
    expect(matchRoute(`/persona/${id}/b`)).toEqual({ name: "notFound" });
  });

  it("matches /song/{id} with a song id (a UUID)", () => {
    const id = "0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f";
    expect(matchRoute(`/song/${id}`)).toEqual({ name: "song", clipId: id });
    expect(matchRoute("/song/not-an-id")).toEqual({ name: "notFound" });
  });

  it("matches the table's pages, and renders the not-found page for a path outside it", () => {
    expect(matchRoute("/create/v2")).toEqual({ name: "create" });
    expect(matchRoute("/login/")).toEqual({ name: "login" });
    expect(matchRoute("/hooks")).toEqual({ name: "hooks" });
    expect(matchRoute("/hooks/create")).toEqual({ name: "hookCreate" });
    expect(matchRoute("/no-such-page")).toEqual({ name: "notFound" });
    expect(matchRoute("/on_repeat")).toEqual({ name: "onRepeat" });
    expect(matchRoute("/live-radio")).toEqual({ name: "liveRadio" });
  });

  it("reads for_clip_id, project_version_id and initial_project_id, ignoring blanks", () => {
    expect(parseStudioQuery("?for_clip_id=abc&project_version_id=12&initial_project_id=p-1")).toEqual({
      forClipId: "abc",
      projectVersionId: "12",
      initialProjectId: "p-1",
    });
    expect(parseStudioQuery("?for_clip_id=%20&other=1")).toEqual({
      forClipId: null,
      projectVersionId: null,
      initialProjectId: null,
    });
  });

  it("opens the demo when nothing is asked for", () => {
    expect(opensDemo(parseStudioQuery(""))).toBe(true);
    expect(opensDemo(parseStudioQuery("?theme=dark"))).toBe(true);
    expect(opensDemo(parseStudioQuery("?for_clip_id=c"))).toBe(false);
    expect(opensDemo(parseStudioQuery("?initial_project_id=p"))).toBe(false);
  });

  it("drops a parameter from the address once it has done its job", () => {
    expect(withoutParams("?project_version_id=3", ["project_version_id"])).toBe("");
    expect(withoutParams("?project_version_id=3&for_clip_id=c", ["project_version_id"])).toBe(
      "?for_clip_id=c",
    );
    expect(withoutParams("", ["project_version_id"])).toBe("");
  });
});

describe("the loading overlay's timings", () => {
  it("shows the legacy link 5 s after 'Loading DSP Engine...' first showed, however long opening took", () => {
    expect(LEGACY_LINK_DELAY_MS).toBe(5000);
    expect(legacyLinkDelay(1000, 1000)).toBe(5000);
    // The project took 3 s to open: the link is due 2 s after the studio appears, not 5.
    expect(legacyLinkDelay(1000, 4000)).toBe(2000);
    expect(legacyLinkDelay(1000, 6000)).toBe(0);
    expect(legacyLinkDelay(1000, 60_000)).toBe(0);
  });

  it("fades the overlay 8 s after loading is done", () => {
    expect(OVERLAY_FADE_DELAY_MS).toBe(8000);
    expect(overlayFadeDelay(2000, 2000)).toBe(8000);
    expect(overlayFadeDelay(2000, 7000)).toBe(3000);
    expect(overlayFadeDelay(2000, 20_000)).toBe(0);
  });

  it("links the legacy editor to a page this app has", () => {
    expect(LEGACY_EDITOR_HREF).toBe("/create");
    expect(matchRoute(new URL(LEGACY_EDITOR_HREF, "http://localhost").pathname)).toEqual({ name: "create" });
  });
});
