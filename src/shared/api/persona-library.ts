import { z } from "zod";
import { queryBooleanSchema } from "./paged.ts";
import { PERSONA_DESCRIPTION_MAX, PERSONA_NAME_MAX } from "./personas.ts";

// The persona calls of the library's personas page: edit, trash and restore, visibility.

/** PUT /api/persona/edit-persona/{persona_id}/: the fields given change; a blank name is refused. */
export const editPersonaBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "A persona needs a name")
    .max(PERSONA_NAME_MAX, `Names are at most ${PERSONA_NAME_MAX} characters`)
    .optional(),
  description: z
    .string()
    .trim()
    .max(PERSONA_DESCRIPTION_MAX, `Descriptions are at most ${PERSONA_DESCRIPTION_MAX} characters`)
    .optional(),
  /** An avatar the image prompt made (POST /api/gen/prompt_image/); null takes the avatar off. */
  image_s3_id: z.string("Avatar image ids are text").trim().max(200).nullable().optional(),
  /** Going public asks what set_visibility asks. */
  is_public: z.boolean("is_public is true or false").optional(),
});
export type EditPersonaBody = z.infer<typeof editPersonaBodySchema>;

/** PUT /api/persona/trash-persona/{persona_id}/?undo=: trashes it, or restores it with undo=true. */
export const trashPersonaQuerySchema = z.object({ undo: queryBooleanSchema.default(false) });

/** PUT /api/persona/set_visibility/{persona_id}/?is_public=. */
export const personaVisibilityQuerySchema = z.object({ is_public: queryBooleanSchema });
