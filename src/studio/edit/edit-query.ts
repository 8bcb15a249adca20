// What the editor's address asks for: /edit/{clipId}?wid=...&tool=...&view=stems.

import type { EditTool } from "./edit-session.ts";

export type EditView = "song" | "stems";

export interface EditQuery {
  /** The workspace the editor was opened from ('default' or null: the default one). */
  readonly wid: string | null;
  /** The tool the song menu asked for (Crop, Replace Section), else null. */
  readonly tool: EditTool | null;
  readonly view: EditView;
}

const TOOL_PARAMS: Partial<Record<EditTool, string>> = { crop: "crop", replace_section: "replace" };

export function parseEditQuery(search: string): EditQuery {
  const query = new URLSearchParams(search);
  const wid = query.get("wid")?.trim() || null;
  return {
    wid,
    tool:
      (Object.keys(TOOL_PARAMS) as EditTool[]).find((tool) => TOOL_PARAMS[tool] === query.get("tool")) ??
      null,
    view: query.get("view") === "stems" ? "stems" : "song",
  };
}

/** The editor's address for a song, with the workspace, the view and the tool to open on. */
export function editPath(
  clipId: string,
  query: { readonly wid: string | null; readonly view?: EditView; readonly tool?: EditTool | null },
): string {
  const params = new URLSearchParams();
  if (query.wid !== null) params.set("wid", query.wid);
  const tool = query.tool ? TOOL_PARAMS[query.tool] : undefined;
  if (tool !== undefined) params.set("tool", tool);
  if (query.view === "stems") params.set("view", "stems");
  const search = params.toString();
  return `/edit/${encodeURIComponent(clipId)}${search === "" ? "" : `?${search}`}`;
}
