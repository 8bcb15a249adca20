// Song Details' save: each part of the song goes through the call that owns it, and only the parts
// that changed are sent. Title, caption and covers through set_metadata; the lyrics (the song's
// prompt) through set_clip_prompt; the styles shown with the song through set_display_tags; who may
// remix it through set_remix_type; whether its remixes show on its page through
// toggle_show_remixes; the settings Use Styles & Lyrics carries (weirdness, style influence)
// through set_configurations. The first refusal stops the rest and is shown.

import type { RemixPermission } from "../../shared/api/clip-settings.ts";
import type { Clip, SetMetadataBody } from "../../shared/api/clips.ts";
import { captionMentions } from "../../shared/song-menu/metadata-errors.ts";
import {
  type SongSettings,
  sameSettings,
  songSettings,
  withSongSettings,
} from "../../shared/song-menu/song-settings.ts";
import * as api from "./clip-settings-api.ts";

export interface SongDetailsForm {
  readonly title: string;
  readonly lyrics: string;
  readonly styles: string;
  readonly caption: string;
  readonly remix: RemixPermission;
  readonly showRemixes: boolean;
  readonly settings: SongSettings;
  /** The uploaded cover image's id, when a new one was chosen. */
  readonly imageId: string | null;
  readonly removeImage: boolean;
  readonly removeVideo: boolean;
}

/** The form as the song stands: what the modal opens with and compares against. */
export function detailsOf(clip: Clip): Omit<SongDetailsForm, "imageId" | "removeImage" | "removeVideo"> {
  const remix = clip.metadata.remix;
  return {
    title: clip.title,
    lyrics: clip.metadata.prompt ?? "",
    styles: clip.display_tags ?? clip.metadata.tags ?? "",
    caption: clip.caption,
    remix: remix === "cover" || remix === "extend" ? remix : "all",
    showRemixes: clip.metadata.show_remix !== false,
    settings: songSettings(clip.metadata.configurations),
  };
}

/** Sends what changed; answers the song as the last call left it, or null when nothing changed. */
export async function saveSongDetails(clip: Clip, form: SongDetailsForm): Promise<Clip | null> {
  const before = detailsOf(clip);
  const metadata: { -readonly [K in keyof SetMetadataBody]: SetMetadataBody[K] } = {};
  if (form.title !== before.title) metadata.title = form.title;
  if (form.caption !== before.caption) {
    metadata.caption = form.caption;
    metadata.caption_mentions = captionMentions(form.caption);
  }
  if (form.removeImage) metadata.remove_image_cover = true;
  else if (form.imageId !== null) metadata.image_s3_id = form.imageId;
  if (form.removeVideo) metadata.remove_video_cover = true;

  const calls: (() => Promise<Clip>)[] = [];
  if (Object.keys(metadata).length > 0) calls.push(() => api.setMetadata(clip.id, metadata));
  if (form.lyrics !== before.lyrics) calls.push(() => api.setClipPrompt(clip.id, form.lyrics));
  if (form.styles.trim() !== before.styles.trim()) calls.push(() => api.setDisplayTags(clip.id, form.styles));
  if (form.remix !== before.remix) calls.push(() => api.setRemixType(clip.id, form.remix));
  if (form.showRemixes !== before.showRemixes)
    calls.push(() => api.toggleShowRemixes(clip.id, form.showRemixes));
  if (!sameSettings(form.settings, before.settings)) {
    const configurations = withSongSettings(clip.metadata.configurations, form.settings);
    calls.push(() => api.setConfigurations(clip.id, configurations));
  }

  let latest: Clip | null = null;
  for (const call of calls) latest = await call();
  return latest;
}
