// The persona picker's calls. A 404 'No loved/followed personas found' is an
// empty list.

import {
  followPersonaResponseSchema,
  NO_FOLLOWED_PERSONAS,
  NO_LOVED_PERSONAS,
  type Persona,
  personaListResponseSchema,
  personaPageResponseSchema,
  personaSchema,
  toggleLoveResponseSchema,
} from "../../../shared/api/personas.ts";
import { searchResponseSchema } from "../../../shared/api/search.ts";
import { ApiError, apiRequest } from "../../account/api-request.ts";

export type PersonaList = "mine" | "loved" | "followed";

const PATHS: Record<PersonaList, string> = {
  mine: "/api/persona/get-personas/",
  loved: "/api/persona/get-loved-personas/",
  followed: "/api/persona/get-followed-personas/",
};

export async function listPersonas(list: PersonaList, page = 1): Promise<Persona[]> {
  try {
    const answer = await apiRequest(`${PATHS[list]}?page=${page}`, personaListResponseSchema);
    return answer.personas;
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 404 &&
      [NO_LOVED_PERSONAS, NO_FOLLOWED_PERSONAS].includes(error.detail)
    ) {
      return [];
    }
    throw error;
  }
}

/** The user's personas matching a term (POST /api/search/, library_persona). */
export async function searchMyPersonas(term: string): Promise<Persona[]> {
  const answer = await apiRequest("/api/search/", searchResponseSchema, {
    body: { search_queries: [{ name: "personas", search_type: "library_persona", term }] },
  });
  return (answer.result.personas?.result ?? []).flatMap((item) => {
    const parsed = personaSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const toggleLove = (personaId: string) =>
  apiRequest(`/api/persona/${personaId}/toggle_love/`, toggleLoveResponseSchema, {
    method: "POST",
    body: {},
  });

export const followPersona = (personaId: string, follow: boolean) =>
  apiRequest(`/api/persona/follow/${personaId}/?follow=${follow}`, followPersonaResponseSchema, {
    method: "POST",
    body: {},
  });

/** GET /api/persona/get-persona-paginated/{id}/: the persona with one page of its songs. */
export const personaPage = (personaId: string, page = 1) =>
  apiRequest(
    `/api/persona/get-persona-paginated/${encodeURIComponent(personaId)}/?page=${page}`,
    personaPageResponseSchema,
  );
