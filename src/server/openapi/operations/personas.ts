import {
  createPersonaBodySchema,
  followPersonaQuerySchema,
  followPersonaResponseSchema,
  personaClipParamsSchema,
  personaIdParamsSchema,
  personaListResponseSchema,
  personaPageQuerySchema,
  personaPageResponseSchema,
  personaSchema,
  promptImageBodySchema,
  promptImageResponseSchema,
  toggleLoveResponseSchema,
} from "../../../shared/api/personas.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/personas.ts. */
export const personasOperations: OperationGroup = {
  tag: "Personas",
  operations: [
    {
      method: "POST",
      path: "/api/persona/create/",
      summary: "Persona create",
      body: createPersonaBodySchema,
      response: personaSchema,
    },
    {
      method: "GET",
      path: "/api/persona/get-personas/",
      summary: "Persona get personas",
      query: personaPageQuerySchema,
      response: personaListResponseSchema,
    },
    {
      method: "GET",
      path: "/api/persona/get-persona/:persona_id/",
      summary: "Persona get persona",
      params: personaIdParamsSchema,
      response: personaSchema,
    },
    {
      method: "GET",
      path: "/api/persona/get-persona-by-clip/:clip_id/",
      summary: "use_persona={clipId} names a song",
      params: personaClipParamsSchema,
      response: personaSchema,
    },
    {
      method: "GET",
      path: "/api/persona/get-persona-paginated/:persona_id/",
      summary: "Persona get persona paginated",
      params: personaIdParamsSchema,
      query: personaPageQuerySchema,
      response: personaPageResponseSchema,
    },
    { method: "GET", path: "/api/persona/get-loved-personas/", summary: "Persona get loved personas" },
    { method: "GET", path: "/api/persona/get-followed-personas/", summary: "Persona get followed personas" },
    {
      method: "POST",
      path: "/api/persona/:persona_id/toggle_love/",
      summary: "Persona toggle love",
      params: personaIdParamsSchema,
      response: toggleLoveResponseSchema,
    },
    {
      method: "POST",
      path: "/api/persona/follow/:persona_id/",
      summary: "Persona follow",
      params: personaIdParamsSchema,
      query: followPersonaQuerySchema,
      response: followPersonaResponseSchema,
    },
    {
      method: "POST",
      path: "/api/gen/prompt_image/",
      summary: "Avatar images need the persona feature, as avatar prompting does",
      body: promptImageBodySchema,
      response: promptImageResponseSchema,
    },
    {
      method: "GET",
      path: "/api/persona/images/:image.png",
      summary: "Avatars show beside public personas, so anyone may load them",
    },
  ],
};
