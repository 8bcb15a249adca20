import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  IMAGE_TOO_LARGE,
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageUploadResponse,
} from "../../shared/api/images.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { putBytes } from "../generation/song-outputs.ts";
import { badRequest } from "../http/errors.ts";
import { userImageKey } from "../images/image-keys.ts";
import { runImageThread } from "../images/run-image-thread.ts";
import type { Storage } from "../storage/storage.ts";

const SEND_BYTES =
  "Send the image's bytes as the request body (Content-Type image/jpeg, image/png, image/webp or image/bmp)";

/**
 * A scope whose routes take an image's bytes as the body (at most IMAGE_UPLOAD_MAX_BYTES, else a
 * 413 saying so); `imageBody` answers them, or a 400 when none came.
 */
export function acceptImageBodies(scope: FastifyInstance): void {
  // The type a client states only picks this parser; what the bytes are is sniffed from them.
  scope.addContentTypeParser(
    /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i,
    { parseAs: "buffer", bodyLimit: IMAGE_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  scope.setErrorHandler((error, _request, reply) => {
    if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return reply.status(413).send({ detail: IMAGE_TOO_LARGE });
    throw error;
  });
}

export function imageBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(SEND_BYTES);
  return body;
}

/**
 * POST /api/uploads/image/: a cover image, sent as the body. It is decoded and re-encoded here
 * (never stored or served as sent) and kept under the caller's id; its id is then the clip's
 * image_s3_id in set_metadata.
 */
export function registerImageUploadRoutes(app: FastifyInstance, storage: Storage): void {
  app.register(async (scope) => {
    acceptImageBodies(scope);
    scope.post("/api/uploads/image/", async (request, reply): Promise<ImageUploadResponse> => {
      const user = requireUser(request);
      const image = await runImageThread(imageBody(request.body));
      const id = randomUUID();
      await putBytes(storage, userImageKey(user.id, id), image.jpeg, "image/jpeg");
      reply.status(201);
      return { image_s3_id: id, width: image.width, height: image.height };
    });
  });
}
