// The generation requests the editor makes with the create page's own assembly: replace section
// (an infill over the selection, with new lyrics for the range) and extend at the end of the song.

import type { Clip } from "../../shared/api/clips.ts";
import type { GenerateBody } from "../../shared/api/generate.ts";
import type { Reference } from "../../shared/create/references.ts";
import { referenceFields } from "../../shared/create/request-assembly.ts";
import { deriveTask } from "../../shared/create/task-derivation.ts";
import type { SelectionRange } from "./edit-session.ts";

interface EditContext {
  readonly editSessionId: string;
  /** The page's path, for the request's metadata. */
  readonly pathname: string;
}

/** The song's own styles and voice, so the new part sounds like the rest. */
function songFields(clip: Clip, lyrics: string, references: readonly Reference[], context: EditContext) {
  return {
    ...referenceFields(references),
    task: deriveTask(references, { voxPersonaEnabled: false }) ?? undefined,
    edit_session_id: context.editSessionId,
    title: clip.title,
    tags: clip.metadata.tags ?? "",
    prompt: lyrics,
    make_instrumental: clip.metadata.has_vocal === false,
    mv: clip.model_name || undefined,
    metadata: { create_mode: "custom", web_client_pathname: context.pathname, is_remix: true },
  } satisfies GenerateBody;
}

/** Replace section: the range is sung anew with `lyrics`; the rest of the song is its context. */
export function replaceSectionBody(
  clip: Clip,
  range: SelectionRange,
  lyrics: string,
  context: EditContext,
): GenerateBody {
  const infill: Reference = {
    type: "infill",
    clipId: clip.id,
    variant: "infill",
    startSeconds: range.start,
    endSeconds: range.end,
    generateFullContext: false,
  };
  return songFields(clip, lyrics, [infill], context);
}

/** Extend: the song goes on from its end (`endSeconds`) with `lyrics`. */
export function extendBody(
  clip: Clip,
  endSeconds: number,
  lyrics: string,
  context: EditContext,
): GenerateBody {
  const extend: Reference = {
    type: "extend",
    clipId: clip.id,
    isUpload: clip.metadata.type === "upload",
    startSeconds: endSeconds,
  };
  return songFields(clip, lyrics, [extend], context);
}
