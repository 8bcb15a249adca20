import type { UploadEntry } from "../store/studio-state.ts";

const isActive = (upload: UploadEntry) => upload.phase === "uploading" || upload.phase === "processing";

/** The studio's upload banner: "{file} is coming", or "{n} Files Uploading...". */
export function uploadBannerText(uploads: readonly UploadEntry[]): string | null {
  const active = uploads.filter(isActive);
  if (active.length === 0) return null;
  if (active.length === 1) return `${active[0].fileName} is coming`;
  return `${active.length} Files Uploading...`;
}

/** One file's line in the banner. */
export function uploadStatusText(upload: UploadEntry): string {
  switch (upload.phase) {
    case "uploading":
      return "Uploading";
    case "processing":
      return "Processing";
    case "completed":
      return "Completed";
    case "cancelled":
      return "Cancelled";
    case "failed":
      return upload.canRetry === true
        ? `Failed: ${upload.message ?? "Upload failed"}. Kept here to retry.`
        : `Failed: ${upload.message ?? "Upload failed"}`;
  }
}
