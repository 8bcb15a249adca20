import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type AvatarUploadResponse, avatarCropQuerySchema } from "../../shared/api/avatar-crop.ts";
import { IMAGE_SIDE_MAX } from "../../shared/api/images.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { putBytes } from "../generation/song-outputs.ts";
import { parseInput } from "../http/validate.ts";
import { userImageKey } from "../images/image-keys.ts";
import { runImageThread } from "../images/run-image-thread.ts";
import { avatarUrl } from "../social/profile-store.ts";
import type { Storage } from "../storage/storage.ts";
import { acceptImageBodies, imageBody } from "./image-uploads.ts";

/**
 * POST /api/profiles/avatar/: the caller's new avatar, sent as the body (JPEG, PNG, WebP or BMP)
 * with the square they framed as ?x=&y=&size= in the picture's pixels (none: the centred square).
 * It is decoded here, cut to that square, fitted within IMAGE_SIDE_MAX and kept as our own JPEG
 * under the caller's id; the served sizes are made from it on request. Only the caller's own
 * avatar changes, and only once the picture is stored.
 */
export function registerProfileAvatarRoutes(
  app: FastifyInstance,
  { db, storage }: { readonly db: Kysely<Database>; readonly storage: Storage },
): void {
  app.register(async (scope) => {
    acceptImageBodies(scope);
    scope.post("/api/profiles/avatar/", async (request): Promise<AvatarUploadResponse> => {
      const user = requireUser(request);
      const crop = parseInput(avatarCropQuerySchema, request.query, "query");
      const image = await runImageThread(imageBody(request.body), IMAGE_SIDE_MAX, crop ?? "centred");
      const key = userImageKey(user.id, randomUUID());
      await putBytes(storage, key, image.jpeg, "image/jpeg");
      await db.updateTable("users").set({ avatar_key: key }).where("id", "=", user.id).execute();
      return { avatar_image_url: avatarUrl(user.id, key), width: image.width, height: image.height };
    });
  });
}
