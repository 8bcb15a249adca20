import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { VIDEO_UPLOAD_EXTENSIONS, type VideoUpload } from "../../shared/api/video-uploads.ts";
import { UploadProgressCard } from "./UploadProgressCard.tsx";
import { uploadVideo, type VideoUploadProgress } from "./video-upload.ts";

const ACCEPT = VIDEO_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(",");

type Sending = {
  readonly fileName: string;
  readonly progress: VideoUploadProgress;
  readonly abort: AbortController;
};

/** Choose a video file: it uploads with its progress card, then shows its first frame and length. */
export function VideoPicker({
  video,
  onVideo,
}: {
  readonly video: VideoUpload | null;
  /** The finished upload and the file it was made from (the page previews its frames locally). */
  readonly onVideo: (video: VideoUpload | null, file: File | null) => void;
}) {
  const { t } = useTranslation("hooks");
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    sending?.abort.abort();
    const abort = new AbortController();
    setProblem(null);
    onVideo(null, null);
    setSending({ fileName: file.name, progress: { stage: "uploading", fraction: 0 }, abort });
    uploadVideo(file, abort.signal, (progress) =>
      setSending((current) => (current?.abort === abort ? { ...current, progress } : current)),
    )
      .then((upload) => onVideo(upload, file))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setProblem(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setSending((current) => (current?.abort === abort ? null : current)));
  };

  const cancel = () => {
    sending?.abort.abort();
    setSending(null);
    if (input.current) input.current.value = "";
  };

  return (
    <div className="video-picker">
      <label className="hook-field">
        <span>{t("videoFile")}</span>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          data-testid="hook-video-file"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <small className="hook-help">{t("videoFileHelp")}</small>
      </label>
      {sending && (
        <UploadProgressCard fileName={sending.fileName} progress={sending.progress} onCancel={cancel} />
      )}
      {problem && (
        <div className="error" role="alert" data-testid="video-problem">
          <strong>{t("uploadFailed")}</strong> {problem}
        </div>
      )}
      {video && (
        <div className="video-picked" data-testid="video-picked">
          {video.image_url && <img src={video.image_url} alt="" />}
          <span>{t("videoReady", { seconds: (video.duration ?? 0).toFixed(1) })}</span>
        </div>
      )}
    </div>
  );
}
