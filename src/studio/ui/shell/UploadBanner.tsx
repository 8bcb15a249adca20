import type { UploadEntry } from "../../store/studio-state.ts";
import { uploadBannerText, uploadStatusText } from "../../uploads/banner-text.ts";
import { useSession, useStudio } from "../studio-context.ts";

function UploadRow({ upload }: { upload: UploadEntry }) {
  const { uploads } = useSession();
  const failed = upload.phase === "failed";
  return (
    <li className={`upload-row upload-${upload.phase}`} data-testid="upload-row" data-phase={upload.phase}>
      <span className="upload-name">{upload.fileName}</span>
      <span className="upload-status">{uploadStatusText(upload)}</span>
      {!failed && (
        <button type="button" className="ghost small" onClick={() => uploads.cancel(upload.id)}>
          Cancel
        </button>
      )}
      {failed && upload.canRetry === true && (
        <button type="button" className="ghost small" onClick={() => void uploads.retry(upload.id)}>
          Retry
        </button>
      )}
      {failed && (
        <button
          type="button"
          className="icon-button small"
          aria-label={`Dismiss ${upload.fileName}`}
          onClick={() => uploads.cancel(upload.id)}
        >
          ×
        </button>
      )}
    </li>
  );
}

/** "{file} is coming" / "{n} Files Uploading...", and each file's status with its actions. */
export function UploadBanner() {
  const uploads = useStudio((state) => state.uploads);
  if (uploads.length === 0) return null;
  const text = uploadBannerText(uploads);
  return (
    <div className="upload-banner" role="status" data-testid="upload-banner">
      {text !== null && (
        <span className="upload-active">
          <span className="spinner" aria-hidden="true" />
          {text}
        </span>
      )}
      <ul className="upload-rows">
        {uploads.map((upload) => (
          <UploadRow key={upload.id} upload={upload} />
        ))}
      </ul>
    </div>
  );
}
