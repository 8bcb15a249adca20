import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { pageInfo } from "../../shared/api/paged.ts";
import {
  createPersonaBodySchema,
  type FollowPersonaResponse,
  followPersonaQuerySchema,
  NO_FOLLOWED_PERSONAS,
  NO_LOVED_PERSONAS,
  PERSONA_CLIP_INELIGIBLE,
  PERSONA_PAGE_SIZE,
  type Persona,
  type PersonaListResponse,
  type PersonaPageResponse,
  type PromptImageResponse,
  personaClipParamsSchema,
  personaIdParamsSchema,
  personaImageUrl,
  personaPageQuerySchema,
  promptImageBodySchema,
  ROOT_CLIP_REQUIRED,
  type ToggleLoveResponse,
} from "../../shared/api/personas.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClip, selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import { raiseContext, raisePersonaFavorite, raisePersonaFollow } from "../notifications/raise.ts";
import { checkPersonaRootClip, requirePersonaFeature } from "../personas/persona-eligibility.ts";
import {
  knownPersonaImage,
  PERSONA_IMAGE_ID,
  personaImageKey,
  storePromptImage,
} from "../personas/persona-images.ts";
import {
  findVisiblePersona,
  findVisiblePersonaByRootClip,
  personaPage,
  personaView,
} from "../personas/persona-store.ts";
import { insertPersona, setFollowing, toggleLove } from "../personas/persona-writes.ts";
import type { Storage } from "../storage/storage.ts";
import { registerPersonaLibraryRoutes } from "./persona-library.ts";

const imageParamsSchema = z.object({ image: z.string().regex(PERSONA_IMAGE_ID, "Unknown image") });

/** Personas: create, read, love, follow, and the avatar images. */
export function registerPersonaRoutes(
  app: FastifyInstance,
  deps: { readonly db: Kysely<Database>; readonly storage: Storage },
): void {
  const { db, storage } = deps;
  registerPersonaLibraryRoutes(app, db, storage);

  app.post("/api/persona/create/", async (request): Promise<Persona> => {
    const user = requireUser(request);
    const body = parseInput(createPersonaBodySchema, request.body);
    const rootClipId = body.root_clip_id;
    if (!rootClipId) throw badRequest(ROOT_CLIP_REQUIRED);
    requirePersonaFeature(user);
    if (!z.uuid().safeParse(rootClipId).success) throw badRequest(PERSONA_CLIP_INELIGIBLE);
    const clip = await findVisibleClip(db, user.id, rootClipId);
    checkPersonaRootClip(user, clip, body.is_public ?? false);
    const image = body.image_s3_id ? await knownPersonaImage(storage, body.image_s3_id) : null;
    const id = await insertPersona(db, user.id, { ...body, root_clip_id: rootClipId }, image);
    return personaView(await findVisiblePersona(db, user.id, id), user.id);
  });

  app.get("/api/persona/get-personas/", async (request): Promise<PersonaListResponse> => {
    const user = requireUser(request);
    const { page } = parseInput(personaPageQuerySchema, request.query, "query");
    return personaPage(db, user.id, page, (query) =>
      query.where("personas.user_id", "=", user.id).where("personas.is_trashed", "=", false),
    );
  });

  app.get("/api/persona/get-persona/:persona_id/", async (request): Promise<Persona> => {
    const { persona_id } = parseInput(personaIdParamsSchema, request.params, "path");
    const viewerId = request.auth?.user.id ?? null;
    return personaView(await findVisiblePersona(db, viewerId, persona_id), viewerId);
  });

  // use_persona={clipId} names a song: a persona's root clip finds the persona made from it.
  app.get("/api/persona/get-persona-by-clip/:clip_id/", async (request): Promise<Persona> => {
    const { clip_id } = parseInput(personaClipParamsSchema, request.params, "path");
    const viewerId = request.auth?.user.id ?? null;
    return personaView(await findVisiblePersonaByRootClip(db, viewerId, clip_id), viewerId);
  });

  app.get(
    "/api/persona/get-persona-paginated/:persona_id/",
    async (request): Promise<PersonaPageResponse> => {
      const { persona_id } = parseInput(personaIdParamsSchema, request.params, "path");
      const { page } = parseInput(personaPageQuerySchema, request.query, "query");
      const viewerId = request.auth?.user.id ?? null;
      const persona = personaView(await findVisiblePersona(db, viewerId, persona_id), viewerId);
      const clips = await selectClips(db, viewerId)
        .where("clips.persona_id", "=", persona_id)
        .where(visibleTo(viewerId))
        .orderBy("clips.created_at", "desc")
        .orderBy("clips.id", "desc")
        .limit(PERSONA_PAGE_SIZE)
        .offset((page - 1) * PERSONA_PAGE_SIZE)
        .execute();
      return {
        persona: { ...persona, persona_clips: clips.map((clip) => ({ clip: clipView(clip, viewerId) })) },
        ...pageInfo(persona.clip_count, page, PERSONA_PAGE_SIZE),
      };
    },
  );

  // The personas page reads a 404 with these details as an empty list.
  const markedList =
    (table: "persona_loves" | "persona_follows", emptyDetail: string) =>
    async (request: FastifyRequest): Promise<PersonaListResponse> => {
      const user = requireUser(request);
      const { page } = parseInput(personaPageQuerySchema, request.query, "query");
      const result = await personaPage(
        db,
        user.id,
        page,
        (query) =>
          query
            .innerJoin(`${table} as mark`, "mark.persona_id", "personas.id")
            .where("mark.user_id", "=", user.id)
            .where("personas.is_trashed", "=", false)
            .where((eb) =>
              eb.or([eb("personas.user_id", "=", user.id), eb("personas.is_public", "=", true)]),
            ),
        (query) => query.orderBy(sql`mark.created_at`, "desc").orderBy("personas.id", "desc"),
      );
      if (result.num_total_results === 0) throw notFound(emptyDetail);
      return result;
    };
  app.get("/api/persona/get-loved-personas/", markedList("persona_loves", NO_LOVED_PERSONAS));
  app.get("/api/persona/get-followed-personas/", markedList("persona_follows", NO_FOLLOWED_PERSONAS));

  app.post("/api/persona/:persona_id/toggle_love/", async (request): Promise<ToggleLoveResponse> => {
    const user = requireUser(request);
    const { persona_id } = parseInput(personaIdParamsSchema, request.params, "path");
    await findVisiblePersona(db, user.id, persona_id);
    const result = await toggleLove(db, user.id, persona_id);
    if (result.loved) await raisePersonaFavorite(raiseContext(db, request), user.id, persona_id);
    return result;
  });

  app.post("/api/persona/follow/:persona_id/", async (request): Promise<FollowPersonaResponse> => {
    const user = requireUser(request);
    const { persona_id } = parseInput(personaIdParamsSchema, request.params, "path");
    const { follow } = parseInput(followPersonaQuerySchema, request.query, "query");
    await findVisiblePersona(db, user.id, persona_id);
    const result = await setFollowing(db, user.id, persona_id, follow);
    if (follow) await raisePersonaFollow(raiseContext(db, request), user.id, persona_id);
    return result;
  });

  // Avatar images need the persona feature, as avatar prompting does.
  app.post("/api/gen/prompt_image/", async (request): Promise<PromptImageResponse> => {
    const user = requireUser(request);
    const { prompt } = parseInput(promptImageBodySchema, request.body);
    requirePersonaFeature(user);
    const imageId = await storePromptImage(storage, prompt);
    return { image_url: personaImageUrl(imageId), image_s3_id: imageId };
  });

  // Avatars show beside public personas, so anyone may load them; the id is a digest, not a guessable name.
  app.get("/api/persona/images/:image.png", async (request, reply) => {
    const { image } = parseInput(imageParamsSchema, request.params, "path");
    return sendStored(storage, personaImageKey(image), request.headers.range, reply);
  });
}
