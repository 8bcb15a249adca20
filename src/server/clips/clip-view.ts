import type { Clip, ClipMetadata } from "../../shared/api/clips.ts";
import { IMAGE_SIZES } from "../../shared/api/images.ts";
import type { ClipViewRow } from "./clip-repository.ts";
import { clipMediaUrl } from "./media-urls.ts";

/** A clip row as the JSON the pages read (the Clip fields of the wire format). */
export function clipView(row: ClipViewRow, viewerId: string | null): Clip {
  // Written only through clipMetadataSchema (clip-store.ts), so it is read as that shape.
  const metadata = row.metadata as ClipMetadata;
  const personaId = row.persona_id ?? metadata.persona_id ?? null;
  const imageUrl = clipMediaUrl(row.id, "image", row.image_key);
  return {
    id: row.id,
    user_id: row.user_id,
    user_handle: row.owner_handle,
    handle: row.owner_handle,
    display_name: row.owner_display_name,
    title: row.title,
    status: row.status,
    caption: row.caption,
    caption_mentions: row.caption_mentions,
    image_url: imageUrl,
    image_large_url: imageUrl && `${imageUrl}&size=${Math.max(...IMAGE_SIZES)}`,
    audio_url: clipMediaUrl(row.id, "audio", row.audio_key),
    // Made on its first request (m4a-rendition.ts); a player that finds it not ready takes audio_url.
    audio_url_m4a: row.status === "complete" ? clipMediaUrl(row.id, "m4a", row.audio_key) : null,
    video_url: clipMediaUrl(row.id, "video", row.video_key),
    video_cover_url: clipMediaUrl(row.id, "video_cover", row.video_cover_key),
    preview_url: null,
    display_tags: row.display_tags,
    is_public: row.is_public,
    is_trashed: row.is_trashed,
    is_pinned: row.is_pinned,
    is_liked: row.viewer_reaction === "L",
    is_handle_updated: true,
    is_video_pending: row.is_video_pending,
    is_contest_clip: (metadata.contest_ids?.length ?? 0) > 0,
    is_contest_base_clip: row.is_contest_base,
    allow_comments: row.allow_comments,
    play_count: row.play_count,
    upvote_count: row.upvote_count,
    // Timestamps come back as Date on both backends.
    created_at: (row.created_at as unknown as Date).toISOString(),
    model_name: row.model_name,
    major_model_version: row.major_model_version,
    preview_seconds: null,
    download_disabled_reason: null,
    root_clip_id: row.root_clip_id,
    // The workspace's name joins in (selectClips) only for a viewer who may see the workspace (its
    // owner or members); others, even of a public clip, learn nothing of it. The persona's name
    // and avatar join in likewise, only for a viewer who may see the persona.
    project:
      row.project_id && row.project_name !== null ? { id: row.project_id, name: row.project_name } : null,
    persona: personaId
      ? {
          id: personaId,
          name: row.persona_name,
          is_public: row.persona_is_public ?? false,
          is_owned: viewerId === row.user_id,
          root_clip_id: row.persona_root_clip_id,
          image_s3_id: row.persona_image_s3_id,
        }
      : null,
    reaction: row.viewer_reaction
      ? { reaction_type: row.viewer_reaction, feedback_reason: row.viewer_feedback_reason }
      : null,
    metadata,
  };
}
