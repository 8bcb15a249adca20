import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { Storage } from "../storage/storage.ts";
import { parseRange } from "./byte-range.ts";
import { notFound } from "./errors.ts";

/** A download name from the title: the name as is for modern clients, ASCII for old ones. */
export function attachment(title: string, extension: string): string {
  const name = `${(title.trim() || "Untitled").replace(/[\\/\r\n"]/g, "_")}.${extension}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The types stored files are served as; anything else goes out as bytes to save, never to render. */
const SERVED_TYPES =
  /^(image\/(jpeg|png|webp|gif)|audio\/[a-z0-9.+-]+|video\/(mp4|webm|ogg)|application\/zip)$/;

/** The type a stored file is served with: its stored type if it is a plain media type, else bytes. */
export const servedType = (stored: string) => {
  const type = stored.split(";")[0].trim().toLowerCase();
  return SERVED_TYPES.test(type) ? type : "application/octet-stream";
};

/**
 * A stored file with HTTP ranges; the caller has checked who may read it. Whatever a file holds, a
 * browser cannot run it in our origin: it is served with a media type from a short list (else as
 * bytes to save, as an attachment), with nosniff and a sandboxing policy (security-headers.ts).
 */
export async function sendStored(
  storage: Storage,
  key: string,
  rangeHeader: string | undefined,
  reply: FastifyReply,
  disposition?: string,
) {
  const stored = await storage.stat(key);
  if (!stored) throw notFound("The file is missing");
  reply.header("accept-ranges", "bytes");
  // Visibility is checked on every request, so only the viewer's own browser may keep a copy.
  reply.header("cache-control", "private, max-age=3600");
  const type = servedType(stored.contentType);
  // Bytes of a type we did not produce are for saving, never for showing inline.
  const saveAs = disposition ?? (type === "application/octet-stream" ? "attachment" : undefined);
  if (saveAs) reply.header("content-disposition", saveAs);
  const range = parseRange(rangeHeader, stored.size);
  if (range.kind === "unsatisfiable") {
    return reply
      .status(416)
      .header("content-range", `bytes */${stored.size}`)
      .send({ detail: "Range not satisfiable" });
  }
  reply.type(type);
  if (range.kind === "full") {
    reply.header("content-length", stored.size);
    return reply.send(await storage.read(key));
  }
  const { start, end } = range.range;
  reply.status(206);
  reply.header("content-range", `bytes ${start}-${end}/${stored.size}`);
  reply.header("content-length", end - start + 1);
  return reply.send(await storage.read(key, range.range));
}

/**
 * A WAV still being written, as one chunked response that ends when the audio does: no length and
 * no ranges (neither is known yet), and no caching (the next request gets more).
 */
export function sendGrowing(reply: FastifyReply, body: Readable) {
  reply.header("cache-control", "no-store");
  reply.type("audio/wav");
  return reply.send(body);
}
