import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { hashString } from "../../generator/compose/random.ts";
import { coverImage } from "../../generator/cover-art/cover-image.ts";
import { personaImageUrl } from "../../shared/api/personas.ts";
import { badRequest } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";

/**
 * Persona avatars from an image prompt: the generator's abstract cover art, seeded and styled by
 * the prompt, so the same prompt always gives the same picture. Kept in storage under the
 * prompt's digest; image_s3_id is that digest.
 */
export const personaImageKey = (imageId: string) => `persona-images/${imageId}.png`;
export const PERSONA_IMAGE_ID = /^[0-9a-f]{32}$/;

/** Prompts differing only in case or surrounding blanks ask for the same picture. */
const normalize = (prompt: string) => prompt.trim().toLowerCase();

const drawPromptImage = (prompt: string): Uint8Array =>
  coverImage(hashString(normalize(prompt)), normalize(prompt), normalize(prompt));

/** Draws and stores the prompt's image unless it is stored already; answers its id. */
export async function storePromptImage(storage: Storage, prompt: string): Promise<string> {
  const imageId = createHash("sha256").update(normalize(prompt)).digest("hex").slice(0, 32);
  const key = personaImageKey(imageId);
  if (!(await storage.stat(key))) {
    await storage.put(key, Readable.from([Buffer.from(drawPromptImage(prompt))]), {
      contentType: "image/png",
    });
  }
  return imageId;
}

/** An avatar a persona may take: one the image prompt made and stored; else a 400 saying so. */
export async function knownPersonaImage(
  storage: Storage,
  imageId: string,
): Promise<{ id: string; url: string }> {
  const known = PERSONA_IMAGE_ID.test(imageId) && (await storage.stat(personaImageKey(imageId)));
  if (!known) throw badRequest(UNKNOWN_PERSONA_IMAGE);
  return { id: imageId, url: personaImageUrl(imageId) };
}

export const UNKNOWN_PERSONA_IMAGE = "Unknown avatar image: make one with the image prompt first";
