import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { childrenQuerySchema, clipFamilyQuerySchema } from "../../shared/api/clip-family.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { childrenCount, childrenPage, parentOf } from "../clips/clip-family.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

const bothSlashes = (path: string) => [path, `${path}/`];

/**
 * A song's parent and children: GET /api/clips/direct_children, direct_children_count,
 * direct_children_by_user/ (the signed-in viewer's own), user_remixes_for_clip/ (other people's) and
 * parent. Anyone may read those of a song they may see.
 */
export function registerClipFamilyRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const viewerOf = (request: { auth?: { user: { id: string } } | null }) => request.auth?.user.id ?? null;

  const openLists = [
    ["/api/clips/direct_children", "all"],
    ["/api/clips/user_remixes_for_clip", "others"],
  ] as const;
  for (const [route, of] of openLists)
    for (const path of bothSlashes(route))
      app.get(path, async (request) =>
        childrenPage(db, viewerOf(request), parseInput(childrenQuerySchema, request.query, "query"), of),
      );

  for (const path of bothSlashes("/api/clips/direct_children_count"))
    app.get(path, async (request) => {
      const { clip_id } = parseInput(clipFamilyQuerySchema, request.query, "query");
      return { count: await childrenCount(db, viewerOf(request), clip_id) };
    });

  for (const path of bothSlashes("/api/clips/direct_children_by_user"))
    app.get(path, async (request) => {
      const query = parseInput(childrenQuerySchema, request.query, "query");
      return childrenPage(db, requireUser(request).id, query, "viewer");
    });

  for (const path of bothSlashes("/api/clips/parent"))
    app.get(path, async (request) => {
      const { clip_id } = parseInput(clipFamilyQuerySchema, request.query, "query");
      return parentOf(db, viewerOf(request), clip_id);
    });
}
