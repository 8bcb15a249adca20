import { z } from "zod";

/** The longest queue a playbar state keeps: a queue of more songs keeps its first ones. */
export const PLAYBAR_QUEUE_MAX = 10_000;

/**
 * POST /api/music_player/playbar_state: where a signed-in listener's player stands, so another visit
 * (or another tab, or device) picks it up. `action_time` orders saves: a save older than the one kept
 * is ignored, so two tabs of one user do not fight and the latest action wins.
 */
export const playbarStateSchema = z.object({
  playbar_state: z.enum(["playing", "paused"]),
  song_index: z.number().int().min(0),
  song_play_time: z.number().finite().min(0),
  repeat_state: z.enum(["off", "all", "one"]),
  action_time: z.iso.datetime({ offset: true }),
  song_ids_in_queue: z.array(z.string().min(1).max(100)).max(PLAYBAR_QUEUE_MAX),
  volume: z.number().min(0).max(1),
  device_id: z.string().max(200),
  device_type: z.string().max(50),
  context_id: z.string().max(200).nullable(),
  context_type: z.string().max(50).nullable(),
});
export type PlaybarState = z.infer<typeof playbarStateSchema>;

/** GET (and POST's answer): the state kept for the caller, null before the first save. */
export const playbarStateResponseSchema = z.object({ state: playbarStateSchema.nullable() });
export type PlaybarStateResponse = z.infer<typeof playbarStateResponseSchema>;
