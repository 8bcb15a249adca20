import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type EditorRequest,
  editorRequestBodySchema,
  editorRequestsResponseSchema,
} from "../../shared/api/clip-actions.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database, User } from "../db/schema.ts";
import { usableClip } from "../generation/usable-clips.ts";
import { forbidden } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";

export const MARKETPLACE_OFF = "Hiring an editor is not available for your account";

const marketplaceOn = (user: User) => user.is_staff || user.flags.includes("enable-marketplace");

/**
 * Hire an Editor: a user with the enable-marketplace flag asks for a human editor on one of their
 * finished songs; staff see every request, the user their own.
 */
export function registerEditorRequestRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const list = async (user: User): Promise<EditorRequest[]> => {
    let query = db
      .selectFrom("editor_requests")
      .innerJoin("clips", "clips.id", "editor_requests.clip_id")
      .innerJoin("users", "users.id", "editor_requests.user_id")
      .select([
        "editor_requests.id",
        "editor_requests.clip_id",
        "clips.title as clip_title",
        "users.handle as user_handle",
        "editor_requests.message",
        "editor_requests.created_at",
      ])
      .orderBy("editor_requests.created_at", "desc")
      .limit(200);
    if (!user.is_staff) query = query.where("editor_requests.user_id", "=", user.id);
    const rows = await query.execute();
    return rows.map((row) => ({
      ...row,
      created_at: new Date(row.created_at as unknown as string).toISOString(),
    }));
  };

  app.post("/api/marketplace/editor-requests", async (request, reply) => {
    const body = parseInput(editorRequestBodySchema, request.body);
    const user = requireUser(request);
    if (!marketplaceOn(user)) throw forbidden(MARKETPLACE_OFF);
    // The owner's finished, untrashed song; another user's answers as missing.
    const clip = await usableClip(db, user.id, body.clip_id);
    const row = await db
      .insertInto("editor_requests")
      .values({ user_id: user.id, clip_id: clip.id, message: body.message })
      .returning("id")
      .executeTakeFirstOrThrow();
    const [made] = (await list(user)).filter((entry) => entry.id === row.id);
    return reply.code(201).send(made);
  });

  app.get("/api/marketplace/editor-requests", async (request) =>
    editorRequestsResponseSchema.parse({ requests: await list(requireUser(request)) }),
  );
}
