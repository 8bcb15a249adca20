import { uploadBannerText } from "../../uploads/banner-text.ts";
import { useSession, useStudio } from "../studio-context.ts";

/** "{file} is coming" / "{n} Files Uploading...", and uploads that failed, with their reason. */
export function UploadBanner() {
  const { controller } = useSession();
  const uploads = useStudio((state) => state.uploads);
  const text = uploadBannerText(uploads);
  const failed = uploads.filter((upload) => upload.phase === "failed");
  if (text === null && failed.length === 0) return null;
  return (
    <div className="upload-banner" role="status" data-testid="upload-banner">
      {text !== null && (
        <span className="upload-active">
          <span className="spinner" aria-hidden="true" />
          {text}
        </span>
      )}
      {failed.map((upload) => (
        <span key={upload.id} className="upload-failed">
          {upload.fileName} could not be uploaded: {upload.message}. It plays here until you reload.
          <button
            type="button"
            className="icon-button small"
            aria-label="Dismiss"
            onClick={() => controller.dropUpload(upload.id)}
          >
            ×
          </button>
        </span>
      ))}
    </div>
  );
}
