import {
  alignedClipSiblingsQuerySchema,
  alignedClipsQuerySchema,
  alignmentsResponseSchema,
  editActionParamsSchema,
  editActionResponseSchema,
  editActionStatusSchema,
  editClipParamsSchema,
  editCropBodySchema,
  editFadeBodySchema,
  editSpeedBodySchema,
} from "../../../shared/api/edit.ts";
import type { OperationGroup } from "../operation.ts";

const both = (path: string) => [path, `${path}/`];

/** The routes of routes/edit.ts. */
export const editOperations: OperationGroup = {
  tag: "Edit",
  operations: [
    {
      method: "POST",
      path: both("/api/edit/crop/:clip_id"),
      summary: "Crop a song (keep or remove a range, optional fade-out) into a new song",
      params: editClipParamsSchema,
      body: editCropBodySchema,
      response: editActionResponseSchema,
    },
    {
      method: "POST",
      path: both("/api/edit/fade/:clip_id"),
      summary: "Fade a song out into a new song",
      params: editClipParamsSchema,
      body: editFadeBodySchema,
      response: editActionResponseSchema,
    },
    {
      method: "POST",
      path: both("/api/edit/speed/:clip_id"),
      summary: "Change a song's speed (tempo only, or with the pitch) into a new song",
      params: editClipParamsSchema,
      body: editSpeedBodySchema,
      response: editActionResponseSchema,
    },
    {
      method: "GET",
      path: both("/api/edit/action/:action_clip_id"),
      summary: "How an edit stands, and its song once complete",
      params: editActionParamsSchema,
      response: editActionStatusSchema,
    },
    {
      method: "GET",
      path: both("/api/clips/aligned_clips"),
      summary: "The versions that line up with a replaced section",
      query: alignedClipsQuerySchema,
      response: alignmentsResponseSchema,
    },
    {
      method: "GET",
      path: both("/api/clips/aligned_clip_siblings"),
      summary: "The other versions of a replaced section",
      query: alignedClipSiblingsQuerySchema,
      response: alignmentsResponseSchema,
    },
  ],
};
