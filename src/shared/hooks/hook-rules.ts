// The rules of a hook's form, the same on the page (before anything is sent) and on the server (on
// what was sent): a video and a song chosen, the video's range between 10 s and 241 s inside the
// uploaded video, the song's range inside the song, at most 241,000 ms long and within 100 ms of
// the video's range, the volumes that follow the video sound toggle, and a thumbnail frame chosen
// inside the video's range.

export const HOOK_MIN_VIDEO_S = 10;
export const HOOK_MAX_VIDEO_S = 241;
export const HOOK_MAX_AUDIO_MS = 241_000;
/** How far the song's range may be from the video's range in length. */
export const HOOK_AUDIO_TOLERANCE_MS = 100;

export const HOOK_MESSAGES = {
  noVideo: "Please select a video.",
  noSong: "Please select a song.",
  tooShort: "Video is too short",
  tooLong: "Video is too long",
  atLeast: (seconds: number) => `Video duration must be at least ${seconds} seconds.`,
  lessThan: (seconds: number) => `Video duration must be less than ${seconds} seconds.`,
  videoRange: "The video's start must be before its end, inside the video",
  audioRange: "The song's start must be before its end, inside the song",
  audioTooLong: `The song's range must be at most ${HOOK_MAX_AUDIO_MS / 1000} seconds`,
  audioMismatch: `The song's range must be as long as the video's, within ${HOOK_AUDIO_TOLERANCE_MS} ms`,
  thumbnailFrame: "The thumbnail's frame must be inside the video's range",
  volumes: "With the video's sound on the song is silent (0) and the video at 100; otherwise the reverse",
} as const;

/** A problem with the form: a title for the toast, and what to do about it. */
export interface HookProblem {
  readonly title: string;
  readonly message: string;
}

export interface Range {
  readonly startS: number;
  readonly endS: number;
}

export interface HookForm {
  /** The uploaded video's length, or null when none is chosen. */
  readonly videoDurationS: number | null;
  /** The song's length, or null when none is chosen. */
  readonly songDurationS: number | null;
  readonly videoRange: Range;
  readonly audioRange: Range;
  readonly songVolume: number;
  readonly videoVolume: number;
  /** The video frame chosen as the thumbnail (the video's time), or null for the default frame. */
  readonly thumbnailTimeS?: number | null;
}

/** The volumes of the song and the video: one is heard at full volume, the other not at all. */
export const hookVolumes = (videoSound: boolean) =>
  videoSound ? { songVolume: 0, videoVolume: 100 } : { songVolume: 100, videoVolume: 0 };

/** Milliseconds, rounded so that 10 s typed as 10.0000001 is not refused as longer. */
const ms = (seconds: number) => Math.round(seconds * 1000);

/** The first problem of the form, or null when a hook can be made of it. */
export function hookFormProblem(form: HookForm): HookProblem | null {
  const plain = (message: string) => ({ title: message, message });
  if (form.videoDurationS === null) return plain(HOOK_MESSAGES.noVideo);
  if (form.songDurationS === null) return plain(HOOK_MESSAGES.noSong);
  const { videoRange: video, audioRange: audio } = form;
  if (!(video.startS >= 0 && video.startS < video.endS && ms(video.endS) <= ms(form.videoDurationS)))
    return plain(HOOK_MESSAGES.videoRange);
  const videoMs = ms(video.endS) - ms(video.startS);
  if (videoMs < HOOK_MIN_VIDEO_S * 1000)
    return { title: HOOK_MESSAGES.tooShort, message: HOOK_MESSAGES.atLeast(HOOK_MIN_VIDEO_S) };
  if (videoMs > HOOK_MAX_VIDEO_S * 1000)
    return { title: HOOK_MESSAGES.tooLong, message: HOOK_MESSAGES.lessThan(HOOK_MAX_VIDEO_S) };
  if (!(audio.startS >= 0 && audio.startS < audio.endS && ms(audio.endS) <= ms(form.songDurationS)))
    return plain(HOOK_MESSAGES.audioRange);
  const audioMs = ms(audio.endS) - ms(audio.startS);
  if (audioMs > HOOK_MAX_AUDIO_MS) return plain(HOOK_MESSAGES.audioTooLong);
  if (Math.abs(audioMs - videoMs) > HOOK_AUDIO_TOLERANCE_MS) return plain(HOOK_MESSAGES.audioMismatch);
  const on = hookVolumes(true);
  const off = hookVolumes(false);
  const volumes = (v: typeof on) => v.songVolume === form.songVolume && v.videoVolume === form.videoVolume;
  if (!volumes(on) && !volumes(off)) return plain(HOOK_MESSAGES.volumes);
  const frame = form.thumbnailTimeS ?? null;
  if (frame !== null && !(ms(frame) >= ms(video.startS) && ms(frame) <= ms(video.endS)))
    return plain(HOOK_MESSAGES.thumbnailFrame);
  return null;
}

/** A problem as one sentence, for the API's detail. */
export const hookProblemDetail = (problem: HookProblem) =>
  problem.title === problem.message ? problem.message : `${problem.title}. ${problem.message}`;
