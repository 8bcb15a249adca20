import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AUDIO_UPLOAD_MAX_BYTES } from "../../shared/api/uploads.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { ObjectTooLargeError } from "../storage/byte-limit.ts";
import { FormPostRefused, LOCAL_FORM_POST_URL } from "../storage/form-post-signer.ts";
import type { Storage } from "../storage/storage.ts";
import type { InFlight } from "./in-flight.ts";

/** Room for the form's other fields and part headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const TOO_LARGE = "The file is too large: audio uploads are at most 500 MB (524,288,000 bytes)";

export interface FormPostOptions {
  readonly storage: Storage;
  readonly inFlight: InFlight;
  /** Refuses a key whose upload no longer takes a file (finished, cancelled): the reason, or null. */
  readonly refuseKey: (key: string) => Promise<string | null>;
  /** The message for a file past its form's size, by its key (audio's when not given). */
  readonly tooLarge?: (key: string) => string;
}

/**
 * The local store's stand-in for S3's presigned POST: the page posts the
 * signed fields and then the file (last, as S3 wants it) as a multipart form.
 * The file streams to storage and is refused the moment it passes the size
 * in its signed policy; nothing needs a session, as the signature is the
 * permission.
 */
export function registerFormPostRoute(app: FastifyInstance, options: FormPostOptions): void {
  const signer = options.storage.formPostSigner;
  if (!signer) return;
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fields: 10, fieldSize: 8192, files: 1, parts: 12, fileSize: AUDIO_UPLOAD_MAX_BYTES + 1 },
    });
    scope.post(LOCAL_FORM_POST_URL, async (request, reply) => {
      const declared = Number(request.headers["content-length"] ?? 0);
      if (declared > AUDIO_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES)
        return refuse(request, reply, 413, TOO_LARGE);
      if (!request.isMultipart()) throw badRequest("Send the file as a multipart form post");
      const part = await request.file().catch((error) => {
        throw badRequest(`The form cannot be read: ${error instanceof Error ? error.message : error}`);
      });
      if (!part) throw badRequest("The form has no file");
      try {
        const policy = signer.verify(textFields(part));
        const refusal = await options.refuseKey(policy.key);
        if (refusal) return refuse(request, reply, 409, refusal, part);
        const tooLarge = options.tooLarge?.(policy.key) ?? TOO_LARGE;
        await options.inFlight.run((shutdown) =>
          store(request, part, { ...policy, tooLarge }, shutdown, options.storage),
        );
        return reply.status(204).send();
      } catch (error) {
        if (error instanceof FormPostRefused) return refuse(request, reply, 403, error.message, part);
        if (error instanceof HttpError) return refuse(request, reply, error.statusCode, error.detail, part);
        throw error;
      }
    });
  });
}

async function store(
  request: FastifyRequest,
  part: MultipartFile,
  policy: { key: string; minBytes: number; maxBytes: number; tooLarge: string },
  shutdown: AbortSignal,
  storage: Storage,
): Promise<void> {
  const stop = () => request.raw.destroy(new Error("The server is shutting down"));
  shutdown.addEventListener("abort", stop, { once: true });
  try {
    const stored = await storage.put(policy.key, part.file, {
      // The type the client states is not kept: an upload is bytes until the server has decoded it.
      contentType: "application/octet-stream",
      maxBytes: policy.maxBytes,
    });
    if (part.file.truncated) {
      await storage.delete(policy.key);
      throw new HttpError(413, policy.tooLarge);
    }
    if (stored.size < policy.minBytes) {
      await storage.delete(policy.key);
      throw badRequest(stored.size === 0 ? "The file is empty" : "The file is too small");
    }
  } catch (error) {
    if (
      error instanceof ObjectTooLargeError ||
      (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE"
    ) {
      throw new HttpError(413, policy.tooLarge);
    }
    throw error;
  } finally {
    shutdown.removeEventListener("abort", stop);
  }
}

/** The fields sent before the file, as strings. */
function textFields(part: MultipartFile): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === "field" && typeof value.value === "string") fields[name] = value.value;
  }
  return fields;
}

/** A refused form's body is read and dropped up to this much, so the client gets the answer rather than a reset. */
const DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_MS = 5000;

/**
 * Answers a refused form post and closes the connection. What is left of a
 * small body is read first (a client still sending when the socket closes
 * sees an error, not our answer); a large one is cut off.
 */
async function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: string,
  part?: MultipartFile,
) {
  reply.header("connection", "close");
  if (part) await drain(request, part);
  return reply.status(status).send({ detail });
}

function drain(request: FastifyRequest, part: MultipartFile): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off("data", count);
      raw.off("end", done);
      raw.off("close", done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MS);
    raw.on("data", count);
    raw.once("end", done);
    raw.once("close", done);
    part.file.resume();
  });
}
