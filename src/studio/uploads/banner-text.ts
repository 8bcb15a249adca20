import type { UploadEntry } from "../store/studio-state.ts";

/** The studio's upload banner: "{file} is coming", or "{n} Files Uploading...". */
export function uploadBannerText(uploads: readonly UploadEntry[]): string | null {
  const active = uploads.filter((upload) => upload.phase === "uploading" || upload.phase === "processing");
  if (active.length === 0) return null;
  if (active.length === 1) return `${active[0].fileName} is coming`;
  return `${active.length} Files Uploading...`;
}
