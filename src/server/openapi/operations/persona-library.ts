import {
  editPersonaBodySchema,
  personaVisibilityQuerySchema,
  trashPersonaQuerySchema,
} from "../../../shared/api/persona-library.ts";
import {
  personaIdParamsSchema,
  personaListResponseSchema,
  personaPageQuerySchema,
  personaSchema,
} from "../../../shared/api/personas.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/persona-library.ts. */
export const personaLibraryOperations: OperationGroup = {
  tag: "Persona library",
  operations: [
    {
      method: "PUT",
      path: "/api/persona/edit-persona/:persona_id/",
      summary: "Persona edit persona",
      params: personaIdParamsSchema,
      body: editPersonaBodySchema,
      response: personaSchema,
    },
    {
      method: "PUT",
      path: "/api/persona/trash-persona/:persona_id/",
      summary: "Persona trash persona",
      params: personaIdParamsSchema,
      query: trashPersonaQuerySchema,
      response: personaSchema,
    },
    {
      method: "PUT",
      path: "/api/persona/set_visibility/:persona_id/",
      summary: "Persona set visibility",
      params: personaIdParamsSchema,
      query: personaVisibilityQuerySchema,
      response: personaSchema,
    },
    {
      method: "GET",
      path: "/api/persona/get-trashed-personas/",
      summary: "Persona get trashed personas",
      query: personaPageQuerySchema,
      response: personaListResponseSchema,
    },
    {
      method: "GET",
      path: "/api/persona/get-tunesmith-personas/",
      summary: "The library's persona calls",
      query: personaPageQuerySchema,
      response: personaListResponseSchema,
    },
  ],
};
