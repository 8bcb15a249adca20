import { describe, expect, it } from "vitest";
import { matchRoute } from "../../src/app/routes.ts";
import { editPath, parseEditQuery } from "../../src/studio/edit/edit-query.ts";

const ID = "0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f";

describe("the editor's address", () => {
  it("renders the editor for /edit/{clipId}", () => {
    expect(matchRoute(`/edit/${ID}`)).toEqual({ name: "edit", clipId: ID });
    expect(matchRoute(`/edit/${ID}/`)).toEqual({ name: "edit", clipId: ID });
    expect(matchRoute("/edit/not-an-id")).toEqual({ name: "notFound" });
  });

  it("reads the workspace, the tool the song menu asked for and the view", () => {
    expect(parseEditQuery("")).toEqual({ wid: null, tool: null, view: "song" });
    expect(parseEditQuery("?wid=w1&tool=crop")).toEqual({ wid: "w1", tool: "crop", view: "song" });
    expect(parseEditQuery("?tool=replace&view=stems")).toEqual({
      wid: null,
      tool: "replace_section",
      view: "stems",
    });
    expect(parseEditQuery("?tool=nonsense&view=other&wid=%20")).toEqual({
      wid: null,
      tool: null,
      view: "song",
    });
  });

  it("writes addresses that read back the same", () => {
    expect(editPath(ID, { wid: null })).toBe(`/edit/${ID}`);
    const path = editPath(ID, { wid: "default", tool: "replace_section", view: "stems" });
    expect(path).toBe(`/edit/${ID}?wid=default&tool=replace&view=stems`);
    expect(parseEditQuery(path.slice(path.indexOf("?")))).toEqual({
      wid: "default",
      tool: "replace_section",
      view: "stems",
    });
  });
});
