import type { Kysely } from "kysely";
import type { EditPersonaBody } from "../../shared/api/persona-library.ts";
import { PERSONA_NOT_FOUND } from "../../shared/api/personas.ts";
import type { Entitled } from "../billing/entitlements.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { checkPersonaRootClip } from "./persona-eligibility.ts";

/**
 * The caller's own persona, trashed or not; anyone else's is the same 404 as a missing one, so
 * these calls tell nothing of others' personas.
 */
async function ownPersona(db: Kysely<Database>, userId: string, personaId: string) {
  const row = await db
    .selectFrom("personas")
    .select(["id", "user_id", "root_clip_id"])
    .where("id", "=", personaId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound(PERSONA_NOT_FOUND);
  return row;
}

/**
 * Edits one's persona: name, description, avatar (checked by the caller: `image`, null to take it
 * off, undefined to keep it) and visibility (by setPersonaVisibility's rule), in one update.
 */
export async function editPersona(
  db: Kysely<Database>,
  user: Entitled & { id: string },
  personaId: string,
  body: EditPersonaBody,
  image: { id: string; url: string } | null | undefined,
) {
  const persona = await ownPersona(db, user.id, personaId);
  if (body.is_public) await checkMayGoPublic(db, user, persona.root_clip_id);
  const changes = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(image === undefined ? {} : { image_s3_id: image?.id ?? null, image_url: image?.url ?? null }),
    ...(body.is_public === undefined ? {} : { is_public: body.is_public }),
  };
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("personas").set(changes).where("id", "=", personaId).execute();
}

export async function setPersonaTrashed(
  db: Kysely<Database>,
  userId: string,
  personaId: string,
  trashed: boolean,
) {
  await ownPersona(db, userId, personaId);
  await db.updateTable("personas").set({ is_trashed: trashed }).where("id", "=", personaId).execute();
}

/** Makes one's persona public or private. */
export async function setPersonaVisibility(
  db: Kysely<Database>,
  user: Entitled & { id: string },
  personaId: string,
  isPublic: boolean,
) {
  const persona = await ownPersona(db, user.id, personaId);
  if (isPublic) await checkMayGoPublic(db, user, persona.root_clip_id);
  await db.updateTable("personas").set({ is_public: isPublic }).where("id", "=", personaId).execute();
}

/** Going public asks what making a public persona asks of its song: vocals that may be published. */
async function checkMayGoPublic(db: Kysely<Database>, user: Entitled & { id: string }, rootClipId: string) {
  const clip = await db.selectFrom("clips").selectAll().where("id", "=", rootClipId).executeTakeFirst();
  if (!clip) throw notFound(PERSONA_NOT_FOUND);
  checkPersonaRootClip(user, clip, true);
}
