import { useTranslation } from "react-i18next";
import type { VideoUploadProgress } from "./video-upload.ts";

/**
 * A video on its way: the share sent while the file uploads, then the server's checks (no share
 * known, so the bar runs without one); Cancel stops either.
 */
export function UploadProgressCard({
  fileName,
  progress,
  onCancel,
}: {
  readonly fileName: string;
  readonly progress: VideoUploadProgress;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation("hooks");
  const percent = progress.stage === "uploading" ? Math.round(progress.fraction * 100) : null;
  const label = percent === null ? t("processingVideo") : t("uploadingVideo", { percent });
  return (
    <div className="upload-card" data-testid="upload-card" data-stage={progress.stage}>
      <div className="upload-card-text">
        <strong className="upload-card-name">{fileName}</strong>
        <span role="status">{label}</span>
      </div>
      {percent === null ? (
        <progress className="upload-card-bar" aria-label={label} />
      ) : (
        <progress className="upload-card-bar" aria-label={label} max={100} value={percent} />
      )}
      <button type="button" className="upload-card-cancel" onClick={onCancel}>
        {t("cancel")}
      </button>
    </div>
  );
}
