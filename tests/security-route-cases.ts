/**
 * How to call each API route on another user's private objects, for the route-walking tests
 * (security-routes.test.ts, api-fuzz.test.ts). Every route the app registers needs an entry,
 * keyed "METHOD /url/pattern" as Fastify lists it; a route without one fails those tests, naming it.
 *
 * access says who may use the route on the objects of the fixtures, all private and the owner's:
 * - "public": anyone, signed in or not (health, session, sign-in, feeds of public songs);
 * - "signed-in": any account, each on their own things: another user gets an answer, but nothing of
 *   the owner's (the test looks for the owner's private names in it);
 * - "owner": the owner only: another user gets 400, 403 or 404, anonymous 401 (or 404 where the
 *   route serves public objects to anyone: a private one is then as missing);
 * - "staff": staff accounts only (the fixtures' users are not): any other account gets 403, anonymous 401;
 * - "console": the staff console's routes, hidden from everyone else: any other account gets the 404
 *   of a path that is no route, anonymous 401.
 * Path parameters come from the fixtures by name (PARAMS below); `path` overrides that, `body`
 * gives the JSON body (the owner's objects named in it, for routes that take references).
 */
export interface Fixtures {
  readonly clipId: string;
  readonly uploadId: string;
  readonly imageId: string;
  readonly workspaceId: string;
  readonly playlistId: string;
  readonly personaId: string;
  readonly promptId: string;
  readonly lyricsId: string;
  readonly studioProjectId: string;
  readonly versionId: string;
  readonly commentId: string;
  readonly ownerHandle: string;
  readonly ownerId: string;
  readonly notificationId: string;
  readonly apiTokenId: string;
  /** An invite to someone else's workspace, sent to the owner. */
  readonly inviteId: string;
  /** That someone, whom the owner may invite in turn. */
  readonly inviterId: string;
  /** A hook of the owner's, on their private song, and the video upload it was made from. */
  readonly hookId: string;
  readonly hookUploadId: string;
}

export type Access = "public" | "signed-in" | "owner" | "staff" | "console";

export interface RouteCase {
  readonly access: Access;
  readonly path?: (f: Fixtures) => string;
  readonly body?: (f: Fixtures) => unknown;
}

/** A path parameter's value, by its name. */
export const PARAMS: Record<string, (f: Fixtures) => string> = {
  clip_id: (f) => f.clipId,
  upload_id: (f) => f.uploadId,
  persona_id: (f) => f.personaId,
  lyrics_id: (f) => f.lyricsId,
  project_id: (f) => f.workspaceId,
  revision_id: (f) => f.versionId,
  version_id: (f) => f.versionId,
  file: () => "audio.wav",
  render_key: () => "owner-render-key-0001",
  image: (f) => f.imageId,
  comment_id: (f) => f.commentId,
  hook_id: (f) => f.hookId,
  handle: (f) => f.ownerHandle,
  user_id: (f) => f.ownerId,
  playlist_id: (f) => f.playlistId,
  token_id: (f) => f.apiTokenId,
  invite_id: (f) => f.inviteId,
};

const studio = (rest: string) => (f: Fixtures) => `/api/studio/project/${f.studioProjectId}${rest}`;
const clipRefs = (f: Fixtures) => ({ clip_ids: [f.clipId] });
/** A song request that names the owner's private clip and playlist. */
const generateBody = (f: Fixtures) => ({
  prompt: "",
  tags: "pop",
  mv: "chirp-v4",
  task: "extend",
  continue_clip_id: f.clipId,
  continue_at: 1,
  playlist_id: f.playlistId,
  make_instrumental: true,
});

export const ROUTE_CASES: Record<string, RouteCase> = {
  "GET /api/health": { access: "public" },
  "GET /api/session": { access: "public" },
  "GET /locales/:language/:file": { access: "public", path: () => "/locales/en/common.json" },
  "GET /api/realtime": { access: "public" },
  "GET /api/openapi.json": { access: "public" },
  "GET /api/docs": { access: "public" },
  "GET /api/account/api-tokens": { access: "signed-in" },
  "POST /api/account/api-tokens": { access: "signed-in", body: () => ({ name: "script", scope: "read" }) },
  "DELETE /api/account/api-tokens/:token_id": { access: "owner" },
  "GET /api/account": { access: "signed-in" },
  "POST /api/account/upgrade-requests": { access: "signed-in", body: () => ({ credits: 500 }) },
  "DELETE /api/account/upgrade-requests": { access: "signed-in" },
  "POST /api/account/redeem": { access: "signed-in", body: () => ({ code: "NOPE-NOPE-NOPE" }) },
  "POST /api/account/subscription/cancel": { access: "signed-in" },
  "POST /api/account/subscription/resume": { access: "signed-in" },
  // Bodies that fail validation: the walk must not change anyone's email, password or account.
  "POST /api/account/email": { access: "signed-in", body: () => ({}) },
  "POST /api/account/password": { access: "signed-in", body: () => ({}) },
  "POST /api/account/delete": { access: "signed-in", body: () => ({}) },
  "POST /api/account/sign-out-everywhere": { access: "signed-in" },
  "POST /api/account/language": { access: "signed-in", body: () => ({ language: "es" }) },
  "GET /api/auth/handle-available": {
    access: "public",
    path: (f) => `/api/auth/handle-available?handle=${f.ownerHandle}`,
  },
  "GET /api/legal/:document": { access: "public", path: () => "/api/legal/terms" },
  "POST /api/legal/terms/accept": { access: "signed-in", body: () => ({ version: "000000000000" }) },
  "GET /api/admin/users": { access: "console" },
  "POST /api/admin/users/:user_id": { access: "console", body: () => ({ change: "staff", on: true }) },
  "GET /api/admin/upgrade-requests": { access: "console" },
  "POST /api/admin/upgrade-requests/:request_id": {
    access: "console",
    path: (f) => `/api/admin/upgrade-requests/${f.ownerId}`,
    body: () => ({ approve: true }),
  },
  "POST /api/admin/codes": { access: "console", body: () => ({ plan_key: "premier" }) },
  "GET /api/admin/flags": { access: "console" },
  "POST /api/admin/flags": { access: "console", body: () => ({ flag: "studio", percent: 100 }) },
  "GET /api/admin/moderation": { access: "console" },
  "POST /api/admin/moderation/hooks": {
    access: "console",
    body: (f) => ({ hook_id: f.hookId, action: "fail" }),
  },
  "POST /api/admin/moderation/songs": {
    access: "console",
    body: (f) => ({ clip_id: f.clipId, action: "unpublish" }),
  },
  "POST /api/admin/moderation/comments": {
    access: "console",
    body: (f) => ({ comment_id: f.commentId, action: "delete" }),
  },
  "POST /api/admin/announcements": { access: "console", body: () => ({ message: "hello" }) },
  "GET /api/admin/jobs": { access: "console" },
  "GET /api/admin/health": { access: "console" },
  "GET /api/admin/audit": { access: "console" },
  // The upstream clients' token exchange takes a script token in the bare Authorization header:
  // session tokens (the route walk's) and no token are refused alike, with a 401.
  "GET /v1/client": { access: "public" },
  "GET /v1/client/": { access: "public" },
  "POST /v1/client/sessions/:session_id/tokens": {
    access: "public",
    path: (f) => `/v1/client/sessions/${f.apiTokenId}/tokens`,
  },
  "POST /v1/client/sessions/:session_id/tokens/:template": {
    access: "public",
    path: (f) => `/v1/client/sessions/${f.apiTokenId}/tokens/api`,
  },
  "POST /api/c/check": { access: "signed-in", body: () => ({ ctype: "generation" }) },
  "POST /api/user/create_session_id/": { access: "signed-in", body: () => ({}) },
  // The proxy routes of the upstream client's own server, answered through the routes above.
  "POST /api/generate": { access: "signed-in", body: () => ({ prompt: "rain", make_instrumental: "true" }) },
  "POST /api/custom_generate": { access: "signed-in", body: () => ({ prompt: "", tags: "pop", title: "t" }) },
  "POST /api/extend_audio": { access: "owner", body: (f) => ({ audio_id: f.clipId, continue_at: "00:01" }) },
  "GET /api/get": { access: "signed-in", path: (f) => `/api/get?ids=${f.clipId}` },
  "GET /api/feed/": { access: "signed-in", path: (f) => `/api/feed/?ids=${f.clipId}` },
  "GET /api/get_limit": { access: "signed-in" },
  "GET /api/clip": { access: "owner", path: (f) => `/api/clip?id=${f.clipId}` },
  "POST /api/concat": { access: "owner", body: (f) => ({ clip_id: f.clipId }) },
  "POST /api/generate_lyrics": { access: "signed-in", body: () => ({ prompt: "rain" }) },
  "POST /api/generate_stems": { access: "owner", body: (f) => ({ audio_id: f.clipId }) },
  "GET /api/get_aligned_lyrics": {
    access: "owner",
    path: (f) => `/api/get_aligned_lyrics?song_id=${f.clipId}`,
  },
  "GET /api/persona": { access: "owner", path: (f) => `/api/persona?id=${f.personaId}` },
  "POST /api/auth/login": { access: "public", body: () => ({ email: "nobody@example.com", password: "x" }) },
  "POST /api/auth/signup": { access: "public", body: () => ({}) },
  "POST /api/auth/logout": { access: "public" },
  "GET /api/auth/password-reset": { access: "public" },
  "POST /api/auth/password-reset/request": {
    access: "public",
    body: () => ({ email: "nobody@example.com" }),
  },
  "POST /api/auth/password-reset": { access: "public", body: () => ({ token: "x", password: "x" }) },
  "POST /api/storage/upload": { access: "public" },
  "GET /api/billing/info": { access: "signed-in" },
  "GET /api/billing/info/": { access: "signed-in" },
  "GET /api/billing/models": { access: "public" },
  "GET /api/billing/models/": { access: "public" },
  "GET /api/billing/download-usage": { access: "signed-in" },
  "POST /api/billing/clips/:clip_id/download/": { access: "owner" },
  "POST /api/video/generate/:clip_id/": { access: "owner" },
  "GET /api/video/generate/:clip_id/status/": { access: "owner" },
  "GET /api/video_gen/videos": { access: "signed-in" },
  "POST /api/video/hooks/create": {
    access: "owner",
    body: (f) => ({
      clip_id: f.clipId,
      hook_publish: { title: "SECRET-hook" },
      video_render: {
        song: { song_id: f.clipId, clip_start_time: 0, clip_end_time: 10, volume: 100 },
        videos: [{ upload_id: f.hookUploadId, source_start_time: 0, source_end_time: 10, volume: 0 }],
      },
    }),
  },
  "GET /api/video/hooks/:hook_id": { access: "owner" },
  "GET /api/video/hooks/:hook_id/:file": {
    access: "owner",
    path: (f) => `/api/video/hooks/${f.hookId}/thumbnail.jpg`,
  },
  "GET /api/video/hooks/feed": { access: "public" },
  "POST /api/video/hooks/:hook_id/like": { access: "owner", body: () => ({ liked: true }) },
  "GET /api/video/hooks/:hook_id/comments": { access: "owner" },
  "POST /api/video/hooks/:hook_id/comments": { access: "owner", body: () => ({ content: "nice" }) },
  "GET /api/clip/:clip_id": { access: "owner" },
  "GET /api/clips/:clip_id/project": { access: "owner" },
  "POST /api/gen/:clip_id/increment_play_count/": { access: "owner" },
  "POST /api/gen/:clip_id/increment_play_count/v2": { access: "owner", body: () => ({ sample_factor: 1 }) },
  "POST /api/gen/bulk_increment_play_counts/v2": {
    access: "public",
    body: (f) => ({ gen_ids: [f.clipId], sample_factor: 1 }),
  },
  "GET /api/gen/:clip_id/comments": { access: "owner" },
  "GET /api/gen/:clip_id/comments/count": { access: "owner" },
  "GET /api/comment/:comment_id/replies": { access: "owner" },
  "POST /api/gen/:clip_id/comment": { access: "owner", body: () => ({ content: "hello" }) },
  "POST /api/comment/:comment_id/reaction": { access: "owner", body: () => ({ reaction: "LIKE" }) },
  "DELETE /api/comment/:comment_id": { access: "owner" },
  "POST /api/comment/:comment_id/report": { access: "owner", body: () => ({ reason: "spam" }) },
  "POST /api/comment/block-user": { access: "signed-in", body: () => ({ handle: "nobody_here" }) },
  "GET /api/profiles/search": { access: "public", path: () => "/api/profiles/search?prefix=c_" },
  "GET /api/profiles/:handle": { access: "public" },
  "GET /api/profiles/:handle/clips": { access: "public" },
  "GET /api/profiles/:handle/playlists": { access: "public" },
  "GET /api/profiles/:handle/personas": { access: "public" },
  "GET /api/profiles/:handle/remixes-inspired/": { access: "public" },
  "GET /api/profiles/:handle/remixes-inspired-count/": { access: "public" },
  "POST /api/profiles/avatar/": { access: "signed-in" },
  "GET /api/profiles/followers": { access: "signed-in" },
  "GET /api/profiles/following": { access: "signed-in" },
  "GET /api/profiles/top_clips": { access: "signed-in" },
  "POST /api/profiles/follow": { access: "signed-in", body: () => ({ handle: "nobody_here" }) },
  "PUT /api/profiles/me": { access: "signed-in", body: () => ({ bio: "hello" }) },
  "GET /api/media/avatars/:user_id.jpg": { access: "public" },
  "POST /api/share/link": { access: "owner", body: (f) => ({ content_type: "clip", content_id: f.clipId }) },
  "GET /api/share/code/:share_id": { access: "public", path: () => "/api/share/code/unknown_code" },
  "GET /api/oembed": {
    access: "public",
    path: (f) => `/api/oembed?url=${encodeURIComponent(`http://127.0.0.1/song/${f.clipId}`)}`,
  },
  "POST /api/comment/unblock-user": { access: "signed-in", body: () => ({ handle: "nobody_here" }) },
  "GET /api/music_player/playbar_state": { access: "signed-in" },
  "GET /api/radio/:tag/": {
    access: "public",
    path: (f) => `/api/radio/pop/?clip_id=${f.clipId}&exclude_clip_ids=${f.clipId}`,
  },
  "GET /api/living_radio/:station_id/song-list": {
    access: "public",
    path: () => "/api/living_radio/main/song-list",
  },
  "POST /api/music_player/listens/": { access: "owner", body: (f) => ({ clip_id: f.clipId }) },
  "GET /api/playlist/on_repeat/": { access: "signed-in" },
  "POST /api/clips/autoplay/": {
    access: "public",
    body: (f) => ({ clip_id: f.clipId, playlist_id: f.playlistId, clips_in_queue: [], page_size: 30 }),
  },
  "POST /api/music_player/playbar_state": {
    access: "signed-in",
    body: (f) => ({
      playbar_state: "paused",
      song_index: 0,
      song_play_time: 0,
      repeat_state: "off",
      action_time: new Date().toISOString(),
      song_ids_in_queue: [f.clipId],
      volume: 0.8,
      device_id: "route-walk",
      device_type: "desktop",
      context_id: null,
      context_type: null,
    }),
  },
  "GET /api/clips/get_songs_by_ids": {
    access: "public",
    path: (f) => `/api/clips/get_songs_by_ids?ids=${f.clipId}`,
  },
  "GET /api/clips/clip_prompts/": { access: "signed-in" },
  "GET /api/clips/trashed_v2": { access: "signed-in" },
  "GET /api/clips/:clip_id/commercial_rights_eligible/": { access: "owner" },
  "POST /api/clips/delete/": { access: "owner", body: (f) => ({ ids: [f.clipId] }) },
  "POST /api/gen/trash": { access: "owner", body: (f) => ({ trash: true, clip_ids: [f.clipId] }) },
  "POST /api/gen/:clip_id/set_metadata/": { access: "owner", body: () => ({ title: "taken" }) },
  "POST /api/gen/:clip_id/set_visibility/": { access: "owner", body: () => ({ is_public: false }) },
  "POST /api/gen/:clip_id/update_reaction_type/": { access: "owner", body: () => ({ reaction: "L" }) },
  "POST /api/gen/:clip_id/update_feedback_state/": {
    access: "owner",
    body: () => ({ feedback_reason: "x" }),
  },
  "POST /api/gen/:clip_id/toggle_comments/": { access: "owner", body: () => ({ can_comment: true }) },
  "POST /api/clips/:clip_id/toggle_remixes/": { access: "owner", body: () => ({ can_remix: false }) },
  "POST /api/clips/:clip_id/toggle_show_remixes": { access: "owner", body: () => ({ show_remix: false }) },
  "POST /api/clips/:clip_id/set_remix_type": { access: "owner", body: () => ({ remix: "cover" }) },
  "POST /api/clips/set_all_remix_permissions/": {
    access: "signed-in",
    path: () => "/api/clips/set_all_remix_permissions/?can_remix=false",
  },
  "POST /api/gen/:clip_id/set_clip_prompt/": { access: "owner", body: () => ({ prompt: "taken" }) },
  "POST /api/gen/:clip_id/set_display_tags": { access: "owner", body: () => ({ display_tags: "taken" }) },
  "POST /api/gen/:clip_id/set_configurations/": {
    access: "owner",
    body: () => ({ configurations: { taken: true } }),
  },
  "POST /api/gen/:clip_id/unlock-preview": { access: "owner" },
  "POST /api/gen/:clip_id/update_flag_state/": {
    access: "owner",
    body: () => ({ flagged: true, flagged_reason: "flag_bug" }),
  },
  "POST /api/recommend/feedback/song/:clip_id": {
    access: "owner",
    body: () => ({ feedback_type: "not_interested" }),
  },
  "DELETE /api/recommend/feedback/song/:clip_id": {
    access: "owner",
    body: () => ({ feedback_type: "not_interested" }),
  },
  "POST /api/profiles/pin-clip/:clip_id": { access: "owner" },
  "GET /api/profiles/pinned-clips": { access: "signed-in" },
  "GET /api/contests/": { access: "public" },
  "POST /api/contests/": {
    access: "staff",
    body: (f) => ({ name: "Owner's song contest", base_clip_ids: [f.clipId] }),
  },
  "GET /api/contests/:contest_id/": {
    access: "public",
    path: () => "/api/contests/00000000-0000-4000-8000-000000000000/",
  },
  "GET /api/contests/is_contest_clip/:clip_id/": { access: "owner" },
  "GET /api/gen/:clip_id/downbeats": { access: "owner" },
  "POST /api/gen/:clip_id/downbeats_streaming/v2": { access: "owner", body: () => ({}) },
  "GET /api/gen/:clip_id/midi/": { access: "owner" },
  "GET /api/gen/:clip_id/wav_file/": { access: "owner" },
  "POST /api/gen/:clip_id/convert_wav/": { access: "owner" },
  "GET /api/gen/:clip_id/opus_file/": { access: "owner" },
  "POST /api/gen/:clip_id/convert_opus": { access: "owner" },
  "POST /api/gen/:clip_id/convert_opus/": { access: "owner" },
  "GET /api/gen/:clip_id/waveform-aggregates": { access: "owner" },
  "GET /api/gen/:clip_id/aligned_lyrics/v2": { access: "owner" },
  "GET /api/gen/:clip_id/aligned_lyrics/v2/": { access: "owner" },
  "GET /api/media/clips/:clip_id/:file": { access: "owner" },
  "POST /api/gen/prompt_image/": { access: "signed-in", body: () => ({ prompt: "a fox" }) },
  "GET /api/feed/v2": { access: "public", path: (f) => `/api/feed/v2?ids=${f.clipId}` },
  "POST /api/feed/v3": { access: "public", body: () => ({}) },
  "POST /api/feed/v3/offset": { access: "public", body: () => ({ offset: 0 }) },
  "POST /api/discover/": { access: "public", body: () => ({ start_index: 0, page_size: 20 }) },
  "GET /api/trending/metaplaylist/": { access: "public" },
  "POST /api/social/following-feed/": { access: "signed-in", body: () => ({ page_size: 50 }) },
  "POST /api/search/": { access: "public", body: () => ({ search_queries: [{ query: "SECRET" }] }) },
  "POST /api/generate/v2": { access: "owner", body: generateBody },
  "POST /api/generate/v2/": { access: "owner", body: generateBody },
  "POST /api/generate/v2-web": { access: "owner", body: generateBody },
  "POST /api/generate/v2-web/": { access: "owner", body: generateBody },
  "POST /api/generate/concat/v2": { access: "owner", body: (f) => ({ clip_id: f.clipId }) },
  "POST /api/generate/concat/v2/": { access: "owner", body: (f) => ({ clip_id: f.clipId }) },
  "POST /api/generate/merge/": { access: "owner", body: (f) => ({ clip_ids: [f.clipId, f.clipId] }) },
  "POST /api/generate/merge": { access: "owner", body: (f) => ({ clip_ids: [f.clipId, f.clipId] }) },
  "POST /api/generate/upsample": { access: "owner", body: (f) => ({ clip_id: f.clipId }) },
  "POST /api/generate/upsample/": { access: "owner", body: (f) => ({ clip_id: f.clipId }) },
  "POST /api/clips/adjust-speed": {
    access: "owner",
    body: (f) => ({ clip_id: f.clipId, speed_multiplier: 1.5 }),
  },
  "POST /api/clips/adjust-speed/": {
    access: "owner",
    body: (f) => ({ clip_id: f.clipId, speed_multiplier: 1.5 }),
  },
  "POST /api/edit/crop/:clip_id": { access: "owner", body: () => ({ crop_start_s: 0, crop_end_s: 1 }) },
  "POST /api/edit/crop/:clip_id/": { access: "owner", body: () => ({ crop_start_s: 0, crop_end_s: 1 }) },
  "POST /api/edit/fade/:clip_id": { access: "owner", body: () => ({ fade_out_time: 1 }) },
  "POST /api/edit/fade/:clip_id/": { access: "owner", body: () => ({ fade_out_time: 1 }) },
  "POST /api/edit/speed/:clip_id": { access: "owner", body: () => ({ speed_factor: 0.9 }) },
  "POST /api/edit/speed/:clip_id/": { access: "owner", body: () => ({ speed_factor: 0.9 }) },
  // The fixtures' clip is no edit action: the owner too is told it is not found, but not refused.
  "GET /api/edit/action/:action_clip_id": { access: "owner", path: (f) => `/api/edit/action/${f.clipId}` },
  "GET /api/edit/action/:action_clip_id/": { access: "owner", path: (f) => `/api/edit/action/${f.clipId}/` },
  "GET /api/clips/direct_children": {
    access: "owner",
    path: (f) => `/api/clips/direct_children?clip_id=${f.clipId}`,
  },
  "GET /api/clips/direct_children/": {
    access: "owner",
    path: (f) => `/api/clips/direct_children/?clip_id=${f.clipId}`,
  },
  "GET /api/clips/direct_children_count": {
    access: "owner",
    path: (f) => `/api/clips/direct_children_count?clip_id=${f.clipId}`,
  },
  "GET /api/clips/direct_children_count/": {
    access: "owner",
    path: (f) => `/api/clips/direct_children_count/?clip_id=${f.clipId}`,
  },
  "GET /api/clips/direct_children_by_user": {
    access: "owner",
    path: (f) => `/api/clips/direct_children_by_user?clip_id=${f.clipId}`,
  },
  "GET /api/clips/direct_children_by_user/": {
    access: "owner",
    path: (f) => `/api/clips/direct_children_by_user/?clip_id=${f.clipId}`,
  },
  "GET /api/clips/user_remixes_for_clip": {
    access: "owner",
    path: (f) => `/api/clips/user_remixes_for_clip?clip_id=${f.clipId}`,
  },
  "GET /api/clips/user_remixes_for_clip/": {
    access: "owner",
    path: (f) => `/api/clips/user_remixes_for_clip/?clip_id=${f.clipId}`,
  },
  "GET /api/clips/parent": { access: "owner", path: (f) => `/api/clips/parent?clip_id=${f.clipId}` },
  "GET /api/clips/parent/": { access: "owner", path: (f) => `/api/clips/parent/?clip_id=${f.clipId}` },
  "GET /api/gen/:clip_id/aligned_lyrics/v3": { access: "owner" },
  "POST /api/gen/:clip_id/aligned_lyrics/v3": { access: "owner", body: () => ({ lyrics: "la la" }) },
  "GET /api/gen/:clip_id/aligned_lyrics/v3/": { access: "owner" },
  "POST /api/gen/:clip_id/aligned_lyrics/v3/": { access: "owner", body: () => ({ lyrics: "la la" }) },
  "GET /api/clips/aligned_clips": {
    access: "signed-in",
    path: (f) => `/api/clips/aligned_clips?history_clip_id=${f.clipId}`,
  },
  "GET /api/clips/aligned_clips/": {
    access: "signed-in",
    path: (f) => `/api/clips/aligned_clips/?history_clip_id=${f.clipId}`,
  },
  "GET /api/clips/aligned_clip_siblings": {
    access: "signed-in",
    path: (f) => `/api/clips/aligned_clip_siblings?clip_id=${f.clipId}`,
  },
  "GET /api/clips/aligned_clip_siblings/": {
    access: "signed-in",
    path: (f) => `/api/clips/aligned_clip_siblings/?clip_id=${f.clipId}`,
  },
  "POST /api/edit/stems/:clip_id": { access: "owner", body: () => ({}) },
  "POST /api/edit/stems/:clip_id/": { access: "owner", body: () => ({}) },
  "POST /api/generate/:clip_id/generate_sample_pack": { access: "owner", body: () => ({}) },
  "GET /api/generate/:clip_id/sample_pack.zip": { access: "owner" },
  "GET /api/clips/:clip_id/description": { access: "owner" },
  "POST /api/marketplace/editor-requests": {
    access: "owner",
    body: (f) => ({ clip_id: f.clipId, message: "Tighten the intro" }),
  },
  "GET /api/marketplace/editor-requests": { access: "signed-in" },
  "POST /api/gen/:clip_id/increment_action_count/": {
    access: "owner",
    body: () => ({ action: "download_audio" }),
  },
  "POST /api/gen/increment_action_counts/": {
    access: "owner",
    body: (f) => ({ action: "download_audio", gen_ids: [f.clipId] }),
  },
  "GET /api/generate/requests": { access: "signed-in" },
  "GET /api/generate/requests/": { access: "signed-in" },
  "GET /api/generate/matrix": { access: "public" },
  "GET /api/generate/get_recommend_styles": { access: "public" },
  "POST /api/tags/recommend": { access: "public", body: () => ({ tags: "pop" }) },
  "POST /api/statsig/experiment/": { access: "public", body: () => ({}) },
  "POST /api/generate/lyrics/": { access: "signed-in", body: () => ({ prompt: "rain" }) },
  "GET /api/generate/lyrics/:lyrics_id": { access: "owner" },
  "GET /api/generate/lyrics/:lyrics_id/": { access: "owner" },
  "POST /api/prompts/": { access: "owner", body: (f) => ({ id: f.promptId, tags: "taken" }) },
  "POST /api/prompts/delete/": { access: "owner", body: (f) => ({ id: f.promptId }) },
  "GET /api/playlist/me": { access: "signed-in" },
  "POST /api/playlist/create/": { access: "signed-in", body: () => ({ name: "mine" }) },
  "POST /api/playlist/update_clips/": {
    access: "owner",
    body: (f) => ({ playlist_id: f.playlistId, update_type: "add", metadata: clipRefs(f) }),
  },
  "GET /api/playlist/liked_playlist": { access: "signed-in" },
  // Restoring (undo_trash) leaves the fixture's playlist where it is for the routes walked after it.
  "POST /api/playlist/trash/": {
    access: "owner",
    body: (f) => ({ playlist_id: f.playlistId, undo_trash: true }),
  },
  "GET /api/playlist/:playlist_id/": { access: "owner" },
  "POST /api/playlist/:playlist_id/set_metadata/": { access: "owner", body: () => ({ name: "taken" }) },
  "POST /api/playlist/:playlist_id/reorder/": {
    access: "owner",
    body: (f) => ({ clip_id: f.clipId, index: 0 }),
  },
  // Another may regenerate only a playlist they may open; the fixture's is private.
  "POST /api/playlist/:playlist_id/regenerate/": { access: "owner", body: () => ({}) },
  "POST /api/playlist_reaction/:playlist_id/set_visibility/": {
    access: "owner",
    body: () => ({ is_public: true }),
  },
  "POST /api/playlist_reaction/:playlist_id/update_reaction/": {
    access: "owner",
    body: () => ({ reaction: "L" }),
  },
  "POST /api/playlist_reaction/:playlist_id/increment_play_count/": {
    access: "owner",
    body: (f) => ({ clip_id: f.clipId }),
  },
  "GET /api/project/me": { access: "signed-in" },
  "POST /api/project": { access: "signed-in", body: () => ({ name: "mine" }) },
  "GET /api/project/:project_id": { access: "owner" },
  "GET /api/project/:project_id/pinned-clips": { access: "owner" },
  "POST /api/project/:project_id/metadata": { access: "owner", body: () => ({ name: "taken" }) },
  "POST /api/project/:project_id/clips": {
    access: "owner",
    body: (f) => ({ update_type: "add", metadata: clipRefs(f) }),
  },
  "POST /api/project/trash": { access: "owner", body: (f) => ({ project_id: f.workspaceId }) },
  "GET /api/project/invites": { access: "signed-in" },
  "PUT /api/project/invites/:invite_id": { access: "owner", body: () => ({ status: "declined" }) },
  "POST /api/project/:project_id/invite": {
    access: "owner",
    body: (f) => ({ invited_user_id: f.inviterId }),
  },
  "GET /api/project/:project_id/collaborators": { access: "owner" },
  "DELETE /api/project/:project_id/collaborators": {
    access: "owner",
    body: (f) => ({ invited_user_id: f.inviterId }),
  },
  "DELETE /api/project/:project_id/collaborators/me": { access: "owner" },
  "POST /api/project/:project_id/ably-update": {
    access: "owner",
    body: () => ({ update_type: "add_clips" }),
  },
  "GET /api/persona/get-personas/": { access: "signed-in" },
  "GET /api/persona/get-loved-personas/": { access: "signed-in" },
  "GET /api/persona/get-followed-personas/": { access: "signed-in" },
  "GET /api/persona/get-persona/:persona_id/": { access: "owner" },
  "GET /api/persona/get-persona-paginated/:persona_id/": { access: "owner" },
  "GET /api/persona/get-persona-by-clip/:clip_id/": { access: "owner" },
  "GET /api/persona/images/:image.png": {
    access: "public",
    path: () => `/api/persona/images/${"0".repeat(32)}.png`,
  },
  "POST /api/persona/create/": { access: "owner", body: (f) => ({ root_clip_id: f.clipId, name: "taken" }) },
  "POST /api/persona/:persona_id/toggle_love/": { access: "owner" },
  "POST /api/persona/follow/:persona_id/": { access: "owner" },
  "PUT /api/persona/edit-persona/:persona_id/": { access: "owner", body: () => ({ name: "renamed" }) },
  "PUT /api/persona/trash-persona/:persona_id/": { access: "owner" },
  "PUT /api/persona/set_visibility/:persona_id/": {
    access: "owner",
    path: (f) => `/api/persona/set_visibility/${f.personaId}/?is_public=true`,
  },
  "GET /api/persona/get-trashed-personas/": { access: "signed-in" },
  "GET /api/persona/get-tunesmith-personas/": { access: "public" },
  "POST /api/uploads/audio/": { access: "signed-in", body: () => ({ extension: "wav" }) },
  "GET /api/uploads/audio/:upload_id/": { access: "owner" },
  "POST /api/uploads/audio/:upload_id/upload-finish/": { access: "owner", body: () => ({}) },
  "POST /api/uploads/audio/:upload_id/cancel/": { access: "owner" },
  "POST /api/uploads/video/": { access: "signed-in", body: () => ({ extension: "mp4" }) },
  "GET /api/uploads/video/:upload_id/": { access: "owner" },
  "POST /api/uploads/video/:upload_id/upload-finish/": { access: "owner", body: () => ({}) },
  "GET /api/uploads/video/:upload_id/:file": {
    access: "owner",
    path: (f) => `/api/uploads/video/${f.uploadId}/thumbnail.jpg`,
  },
  "POST /api/uploads/audio/:upload_id/initialize-clip/": { access: "owner", body: () => ({}) },
  "POST /api/uploads/audio/:upload_id/initialize-stem-mix-clip": {
    access: "owner",
    body: (f) => ({ stem_remix_of_clip_id: f.clipId }),
  },
  "POST /api/uploads/audio/:upload_id/initialize-stem-mix-clip/": {
    access: "owner",
    body: (f) => ({ stem_remix_of_clip_id: f.clipId }),
  },
  "POST /api/uploads/image/": { access: "signed-in" },
  "POST /api/studio/create-project": { access: "signed-in" },
  "POST /api/studio/create-or-load-project-for-clip/:clip_id": { access: "owner" },
  "GET /api/studio/project/:project_id": { access: "owner", path: studio("") },
  "GET /api/studio/project/:project_id/versions": { access: "owner", path: studio("/versions") },
  // A plain GET (no websocket handshake) is told to connect with one: 426 for a member.
  "GET /api/studio/project/:project_id/live": { access: "owner", path: studio("/live") },
  "POST /api/studio/project/:project_id/share": {
    access: "owner",
    path: studio("/share"),
    body: () => ({ is_shared: true }),
  },
  "POST /api/studio/save-project": {
    access: "owner",
    body: (f) => ({ project_id: f.studioProjectId, state: { timing: {}, tracks: [], selection: {} } }),
  },
  "GET /api/studio/:project_id/version/:version_id": {
    access: "owner",
    path: (f) => `/api/studio/${f.studioProjectId}/version/${f.versionId}`,
  },
  "GET /api/studio/project_revision/:revision_id": { access: "owner" },
  "POST /api/studio/project_revision/:revision_id/clone": { access: "owner", body: () => ({}) },
  "POST /api/studio/project_revision/:revision_id/lock": {
    access: "owner",
    body: () => ({ is_locked: true }),
  },
  "POST /api/studio/render-state": {
    access: "owner",
    body: (f) => ({ project_id: f.studioProjectId, state: { timing: {}, tracks: [], selection: {} } }),
  },
  "POST /api/studio/render-state-multitrack": {
    access: "owner",
    body: (f) => ({ project_id: f.studioProjectId, state: { timing: {}, tracks: [], selection: {} } }),
  },
  "GET /api/studio/render-downloads/:render_key.zip": { access: "owner" },
  "GET /api/notification/v2": { access: "signed-in" },
  "POST /api/notification/v2/read": { access: "owner", body: (f) => ({ ids: [f.notificationId] }) },
  "POST /api/notification/suppress": { access: "owner", body: (f) => ({ ids: [f.notificationId] }) },
  "POST /api/notification/announcement": { access: "staff", body: () => ({ message: "Maintenance" }) },
  "GET /api/analytics/user-event/": { access: "signed-in" },
};

/** The path of a route for the fixtures: the case's own, or each :param filled from PARAMS. */
export function routePath(url: string, routeCase: RouteCase, fixtures: Fixtures): string {
  if (routeCase.path) return routeCase.path(fixtures);
  return url.replace(/:([a-z_]+)/g, (_match, name: string) => {
    const value = PARAMS[name];
    if (!value) throw new Error(`No fixture for the path parameter :${name} of ${url}: add it to PARAMS`);
    return value(fixtures);
  });
}
