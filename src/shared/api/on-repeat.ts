// The on-repeat list: the listener's most replayed songs of the last weeks, one of the special
// playlists nobody owns. The player bar reports each song it played for long enough; the server
// keeps a count per listener, song and day, and ranks from it.

import { z } from "zod";
import { clipSchema } from "./clips.ts";

/** How far back the list looks. */
export const ON_REPEAT_DAYS = 28;
/** A song is "on repeat" once heard this many times in that window. */
export const ON_REPEAT_MIN_PLAYS = 2;
/** The longest the list gets. */
export const ON_REPEAT_SIZE = 50;

/** POST /api/music_player/listens/: the signed-in listener heard this song (once more). */
export const listenBodySchema = z.object({ clip_id: z.uuid("Clip ids are UUIDs") });
export const listenResponseSchema = z.object({
  /** The listener's plays of the song in the list's window, this one included. */
  plays: z.number().int(),
});
export type ListenResponse = z.infer<typeof listenResponseSchema>;

/**
 * GET /api/playlist/on_repeat/: the list as a special playlist. Most plays first, then the one heard
 * last; only songs the listener may still hear and did not mark Not Interested.
 */
export const onRepeatResponseSchema = z.object({
  id: z.literal("on-repeat"),
  name: z.string(),
  is_owned: z.literal(false),
  num_total_results: z.number().int(),
  playlist_clips: z.array(
    z.object({ clip: clipSchema, relative_index: z.number().int(), plays: z.number().int() }),
  ),
});
export type OnRepeatResponse = z.infer<typeof onRepeatResponseSchema>;
