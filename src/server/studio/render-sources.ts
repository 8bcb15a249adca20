import type { Kysely } from "kysely";
import { clipSourceId, DEMO_SOURCE_PREFIX } from "../../engine/node-render.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { readStored } from "../clips/clip-audio.ts";
import { findVisibleClips } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import type { RenderSource } from "./render-thread-protocol.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audio every clip of the state plays: song clips the user may see (their own, or public
 * ones), and the demo project's material. A clip whose audio cannot be had is refused by name
 * rather than rendered as silence, so a render never quietly drops a part.
 */
export async function renderSources(
  db: Kysely<Database>,
  storage: Storage,
  userId: string,
  state: StudioProjectState,
): Promise<RenderSource[]> {
  const clipNames = new Map<string, string>();
  for (const track of state.tracks) {
    for (const clip of [...track.clips, ...track.takeLanes.flatMap((lane) => lane.clips)]) {
      const id = clipSourceId(clip);
      if (id !== null && !clipNames.has(id)) clipNames.set(id, clip.name);
    }
  }
  const ids = [...clipNames.keys()];
  const demo = ids.filter((id) => id.startsWith(DEMO_SOURCE_PREFIX));
  const songIds = ids.filter((id) => UUID.test(id));
  const rows = await findVisibleClips(db, userId, songIds);
  const missing = ids.filter(
    (id) =>
      !id.startsWith(DEMO_SOURCE_PREFIX) && !rows.some((row) => row.id === id && row.audio_key !== null),
  );
  if (missing.length > 0) {
    const name = clipNames.get(missing[0]) || "A clip";
    throw new HttpError(
      422,
      `The audio of "${name}" is not available (still uploading, or not yours to use)`,
    );
  }
  const stored = await Promise.all(
    rows.map(async (row): Promise<RenderSource> => {
      const bytes = await readStored(storage, row.audio_key as string);
      return { id: row.id, kind: "stored", bytes: new Uint8Array(bytes) };
    }),
  );
  return [...demo.map((id): RenderSource => ({ id, kind: "demo" })), ...stored];
}
