import { describe, expect, it } from "vitest";
import { matchRoute, opensDemo, parseStudioQuery, withoutParams } from "../../src/app/routes.ts";

describe("studio routes", () => {
  it("matches the home page, the studio and nothing else", () => {
    expect(matchRoute("/")).toEqual({ name: "home" });
    expect(matchRoute("/studio")).toEqual({ name: "studio" });
    expect(matchRoute("/studio/")).toEqual({ name: "studio" });
    expect(matchRoute("/studios")).toEqual({ name: "notFound" });
    expect(matchRoute("/studio/extra")).toEqual({ name: "notFound" });
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
