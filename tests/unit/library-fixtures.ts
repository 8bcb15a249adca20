import { type Clip, clipSchema } from "../../src/shared/api/clips.ts";

export const OWNER = "0b4a7c1e-0000-4000-8000-00000000000a";
export const STRANGER = "0b4a7c1e-0000-4000-8000-00000000000b";

/** A finished private song of OWNER made at `minute` past noon, with its fields overridden. */
export function libraryClip(
  id: number,
  overrides: Partial<Clip> = {},
  metadata: Partial<Clip["metadata"]> = {},
  minute = id,
): Clip {
  return clipSchema.parse({
    id: `7b1d2e3f-0000-4000-8000-${String(id).padStart(12, "0")}`,
    user_id: OWNER,
    user_handle: "owner",
    handle: "owner",
    display_name: "Owner",
    title: `Song ${id}`,
    status: "complete",
    caption: "",
    caption_mentions: [],
    image_url: null,
    image_large_url: null,
    audio_url: null,
    video_url: null,
    video_cover_url: null,
    audio_url_m4a: null,
    preview_url: null,
    display_tags: null,
    is_public: false,
    is_trashed: false,
    is_pinned: false,
    is_liked: false,
    is_handle_updated: true,
    is_video_pending: false,
    is_contest_clip: false,
    is_contest_base_clip: false,
    allow_comments: true,
    play_count: 0,
    upvote_count: 0,
    created_at: new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString(),
    model_name: "chirp-crow",
    major_model_version: "v5",
    preview_seconds: null,
    download_disabled_reason: null,
    root_clip_id: null,
    project: null,
    persona: null,
    reaction: null,
    metadata: { type: "gen", ...metadata },
    ...overrides,
  });
}
