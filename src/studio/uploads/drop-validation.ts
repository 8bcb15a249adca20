// What a drop onto a track may hold: one file, audio only, at most 500 MB; of
// several dropped files only the first is used.

import { AUDIO_UPLOAD_MAX_BYTES } from "../../shared/api/uploads.ts";

export const AUDIO_ONLY_MESSAGE = "Please upload audio files only.";
export const TOO_LARGE_MESSAGE = "Audio files can be at most 500 MB.";
/** Several files dropped at once: one file is uploaded, the first. */
export const oneFileAtATimeMessage = (used: string): string =>
  `Please upload one file at a time. Only ${used} is uploaded.`;

/** Extensions taken as audio when the browser gives no type (some systems leave it empty). */
const AUDIO_EXTENSIONS = new Set([
  "wav",
  "wave",
  "mp3",
  "flac",
  "ogg",
  "oga",
  "opus",
  "m4a",
  "aac",
  "aif",
  "aiff",
  "webm",
]);

export interface DroppedFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export const extensionOf = (name: string): string => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

export function isAudioFile(file: DroppedFile): boolean {
  if (file.type.startsWith("audio/")) return true;
  return file.type === "" || file.type === "application/octet-stream" || file.type === "video/webm"
    ? AUDIO_EXTENSIONS.has(extensionOf(file.name))
    : false;
}

export type DropPick<F extends DroppedFile> = { readonly file: F } | { readonly error: string } | null;

/** The file to upload, the reason to refuse, or null when nothing was dropped. */
export function pickDroppedAudio<F extends DroppedFile>(files: readonly F[]): DropPick<F> {
  const [first] = files;
  if (first === undefined) return null;
  if (!isAudioFile(first)) return { error: AUDIO_ONLY_MESSAGE };
  if (first.size > AUDIO_UPLOAD_MAX_BYTES) return { error: TOO_LARGE_MESSAGE };
  return { file: first };
}

/** A clip's name from its file: the name without the extension. */
export const clipNameOf = (fileName: string): string =>
  fileName.replace(/\.[^./\\]+$/, "").trim() || fileName;
