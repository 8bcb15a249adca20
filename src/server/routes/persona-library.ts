import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  editPersonaBodySchema,
  personaVisibilityQuerySchema,
  trashPersonaQuerySchema,
} from "../../shared/api/persona-library.ts";
import {
  type Persona,
  type PersonaListResponse,
  personaIdParamsSchema,
  personaPageQuerySchema,
} from "../../shared/api/personas.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { knownPersonaImage } from "../personas/persona-images.ts";
import { editPersona, setPersonaTrashed, setPersonaVisibility } from "../personas/persona-library.ts";
import { findVisiblePersona, personaPage, personaView } from "../personas/persona-store.ts";
import type { Storage } from "../storage/storage.ts";

/** The library's persona calls: edit, trash and restore, visibility, the trashed and the public lists. */
export function registerPersonaLibraryRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  storage: Storage,
): void {
  const answer = async (userId: string, personaId: string): Promise<Persona> =>
    personaView(await findVisiblePersona(db, userId, personaId), userId);

  app.put("/api/persona/edit-persona/:persona_id/", async (request): Promise<Persona> => {
    const user = requireUser(request);
    const { persona_id } = parseInput(personaIdParamsSchema, request.params, "path");
    const body = parseInput(editPersonaBodySchema, request.body ?? {});
    // Absent keeps the avatar; null or blank takes it off.
    const image =
      body.image_s3_id === undefined
        ? undefined
        : body.image_s3_id
          ? await knownPersonaImage(storage, body.image_s3_id)
          : null;
    await editPersona(db, user, persona_id, body, image);
    return answer(user.id, persona_id);
  });

  app.put("/api/persona/trash-persona/:persona_id/", async (request): Promise<Persona> => {
    const user = requireUser(request);
    const { persona_id } = parseInput(personaIdParamsSchema, request.params, "path");
    const { undo } = parseInput(trashPersonaQuerySchema, request.query, "query");
    await setPersonaTrashed(db, user.id, persona_id, !undo);
    return answer(user.id, persona_id);
  });

  app.put("/api/persona/set_visibility/:persona_id/", async (request): Promise<Persona> => {
    const user = requireUser(request);
    const { persona_id } = parseInput(personaIdParamsSchema, request.params, "path");
    const { is_public } = parseInput(personaVisibilityQuerySchema, request.query, "query");
    await setPersonaVisibility(db, user, persona_id, is_public);
    return answer(user.id, persona_id);
  });

  app.get("/api/persona/get-trashed-personas/", async (request): Promise<PersonaListResponse> => {
    const user = requireUser(request);
    const { page } = parseInput(personaPageQuerySchema, request.query, "query");
    return personaPage(db, user.id, page, (query) =>
      query.where("personas.user_id", "=", user.id).where("personas.is_trashed", "=", true),
    );
  });

  /** The product's public personas, newest first; anyone may list them. */
  app.get("/api/persona/get-tunesmith-personas/", async (request): Promise<PersonaListResponse> => {
    const { page } = parseInput(personaPageQuerySchema, request.query, "query");
    return personaPage(db, request.auth?.user.id ?? null, page, (query) =>
      query.where("personas.is_public", "=", true).where("personas.is_trashed", "=", false),
    );
  });
}
