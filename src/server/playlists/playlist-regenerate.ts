import type { Kysely } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import type { GenerateBody } from "../../shared/api/generate.ts";
import { LIKED_PAGE_SIZE, LIKED_PLAYLIST_ID } from "../../shared/api/liked-playlist.ts";
import {
  NO_STYLES_TO_REGENERATE,
  ON_REPEAT_PLAYLIST_ID,
  REGENERATE_DEFAULT_SONGS,
  type RegeneratePlaylistBody,
  regeneratedName,
} from "../../shared/api/playlist-regenerate.ts";
import { PLAYLIST_NAME_MAX, type PlaylistSummary } from "../../shared/api/playlists.ts";
import { selectClips, visibleTo } from "../clips/clip-repository.ts";
import type { Database, User } from "../db/schema.ts";
import { createSubmission, planFromBody, requestMetadata } from "../generation/generate-request.ts";
import type { GenerationService } from "../generation/generation-service.ts";
import { chooseModel } from "../generation/model-choice.ts";
import { resolveRequestReferences } from "../generation/request-references.ts";
import { checkRequestTexts } from "../generation/request-texts.ts";
import { badRequest } from "../http/errors.ts";
import { onRepeatList } from "../player/on-repeat.ts";
import { likedPlaylist } from "./liked-playlist.ts";
import { openablePlaylist } from "./playlist-page.ts";
import { createPlaylist, updatePlaylistClips } from "./playlist-store.ts";
import { playlistStyles } from "./regenerate-styles.ts";

interface Source {
  readonly name: string;
  readonly tags: readonly (string | null | undefined)[];
}

const tagsOf = (clips: readonly { readonly metadata: ClipMetadata }[]) =>
  clips.map((clip) => clip.metadata.tags);

/**
 * The playlist to take styles from, as the caller sees it: their liked or on-repeat list, or a
 * playlist they may open (theirs, or a public one; anything else is the 404 that tells nothing),
 * with only the songs they may hear.
 */
async function regenerationSource(db: Kysely<Database>, userId: string, playlistId: string): Promise<Source> {
  if (playlistId === LIKED_PLAYLIST_ID) {
    const liked = await likedPlaylist(db, userId, { from_index: 0, page_size: LIKED_PAGE_SIZE });
    return { name: liked.name, tags: tagsOf(liked.playlist_clips.map((entry) => entry.clip)) };
  }
  if (playlistId === ON_REPEAT_PLAYLIST_ID) {
    const onRepeat = await onRepeatList(db, userId);
    return { name: onRepeat.name, tags: tagsOf(onRepeat.playlist_clips.map((entry) => entry.clip)) };
  }
  const playlist = await openablePlaylist(db, userId, playlistId);
  const songs = await selectClips(db, userId)
    .innerJoin("playlist_clips", "playlist_clips.clip_id", "clips.id")
    .where("playlist_clips.playlist_id", "=", playlistId)
    .where(visibleTo(userId))
    .where("clips.is_trashed", "=", false)
    .execute();
  return { name: playlist.name, tags: songs.map((row) => (row.metadata as ClipMetadata).tags) };
}

/**
 * Regenerates a playlist: one generation in its styles (the styles most of its songs share), charged
 * to the caller as a Create, whose songs go into a new playlist of the caller's, named after the old
 * one. The songs render as any others and appear in the new playlist as they do.
 */
export async function regeneratePlaylist(
  db: Kysely<Database>,
  service: GenerationService,
  user: User,
  playlistId: string,
  request: RegeneratePlaylistBody,
): Promise<PlaylistSummary> {
  const source = await regenerationSource(db, user.id, playlistId);
  const styles = playlistStyles(source.tags);
  if (styles === "") throw badRequest(NO_STYLES_TO_REGENERATE);
  const { model } = chooseModel(user, request.model_name);
  const body: GenerateBody = {
    gpt_description_prompt: styles,
    tags: styles,
    make_instrumental: request.configuration?.make_instrumental ?? false,
    batch_size: request.configuration?.song_count ?? REGENERATE_DEFAULT_SONGS,
  };
  const resolved = await resolveRequestReferences(db, user, body, model);
  checkRequestTexts(body, model, false);
  const plan = planFromBody(body, model, resolved);
  const job = await service.submit(
    createSubmission(user, model, body, plan, requestMetadata(body, plan, resolved), {
      reason: "generation (playlist regenerate)",
    }),
  );
  const playlist = await createPlaylist(db, user.id, regeneratedName(source.name, PLAYLIST_NAME_MAX));
  return updatePlaylistClips(db, user.id, {
    playlist_id: playlist.id,
    update_type: "add",
    metadata: { clip_ids: job.clips.map((clip) => clip.clipId) },
  });
}
