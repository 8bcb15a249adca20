import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Range } from "../../shared/hooks/hook-rules.ts";
import { uploadImage } from "../account/image-upload.ts";

/** The hook's thumbnail: a frame of its video (null: the default, a second in) or an uploaded image. */
export type ThumbnailChoice =
  | { readonly kind: "frame"; readonly timeS: number | null }
  | { readonly kind: "image"; readonly imageId: string | null };

const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/bmp";

/**
 * Thumbnail choice: slide through the video's range and see the frame (the picked file itself,
 * seeked in a muted video, so no upload is needed to preview), or upload an image, which the
 * server decodes and re-encodes before the hook may name it.
 */
export function ThumbnailPicker({
  videoFile,
  range,
  choice,
  onChoice,
}: {
  readonly videoFile: File | null;
  readonly range: Range;
  readonly choice: ThumbnailChoice;
  readonly onChoice: (choice: ThumbnailChoice) => void;
}) {
  const { t } = useTranslation("hooks");
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  const [image, setImage] = useState<{ url: string; sending: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const frameS = choice.kind === "frame" ? (choice.timeS ?? Math.min(range.startS + 1, range.endS)) : null;

  useEffect(() => {
    if (!videoFile) return setVideoUrl(null);
    const url = URL.createObjectURL(videoFile);
    setVideoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [videoFile]);

  const imageUrl = image?.url ?? null;
  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  useEffect(() => {
    if (preview.current && frameS !== null) preview.current.currentTime = frameS;
  }, [frameS]);

  const sendImage = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setImage({ url: URL.createObjectURL(file), sending: true });
    onChoice({ kind: "image", imageId: null });
    uploadImage(file, { network: t("thumbnailNetwork") })
      .then((imageId) => {
        setImage((current) => (current ? { ...current, sending: false } : current));
        onChoice({ kind: "image", imageId });
      })
      .catch((error: unknown) => {
        setImage(null);
        setProblem(error instanceof Error ? error.message : String(error));
      });
  };

  return (
    <div className="thumbnail-picker" data-testid="thumbnail-picker">
      <div className="thumbnail-kinds" role="radiogroup" aria-label={t("thumbnail")}>
        <label className="hook-toggle">
          <input
            type="radio"
            name="thumbnail-kind"
            checked={choice.kind === "frame"}
            data-testid="thumbnail-frame-kind"
            onChange={() => onChoice({ kind: "frame", timeS: null })}
          />
          <span>{t("thumbnailFrame")}</span>
        </label>
        <label className="hook-toggle">
          <input
            type="radio"
            name="thumbnail-kind"
            checked={choice.kind === "image"}
            data-testid="thumbnail-image-kind"
            onChange={() => onChoice({ kind: "image", imageId: null })}
          />
          <span>{t("thumbnailImage")}</span>
        </label>
      </div>
      {choice.kind === "frame" && frameS !== null && (
        <div className="thumbnail-frame">
          {videoUrl && (
            <video
              ref={preview}
              src={videoUrl}
              muted
              playsInline
              preload="auto"
              data-testid="thumbnail-frame-preview"
              onLoadedMetadata={(event) => {
                event.currentTarget.currentTime = frameS;
              }}
            />
          )}
          <label className="hook-field">
            <span>{t("thumbnailAt", { seconds: frameS.toFixed(1) })}</span>
            <input
              type="range"
              min={range.startS}
              max={range.endS}
              step={0.1}
              value={frameS}
              data-testid="thumbnail-time"
              onChange={(event) => onChoice({ kind: "frame", timeS: Number(event.target.value) })}
            />
          </label>
        </div>
      )}
      {choice.kind === "image" && (
        <div className="thumbnail-image">
          {image && <img src={image.url} alt={t("thumbnailPreview")} data-testid="thumbnail-image-preview" />}
          <label className="hook-field">
            <span>{t("thumbnailImageFile")}</span>
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              data-testid="thumbnail-image-file"
              onChange={(event) => sendImage(event.target.files?.[0])}
            />
            <small className="hook-help">{t("thumbnailImageHelp")}</small>
          </label>
          {image?.sending && <p role="status">{t("thumbnailUploading")}</p>}
          {problem && (
            <p className="error" role="alert" data-testid="thumbnail-problem">
              {problem}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
