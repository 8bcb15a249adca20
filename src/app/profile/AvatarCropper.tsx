import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { clampSquare, type SquareCrop } from "../../shared/api/avatar-crop.ts";

/** A picture picked for the avatar, with its size as the browser decoded it. */
export interface PickedPicture {
  readonly file: File;
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

/** The stage the picture is shown in fits this box; the served avatar's smallest size is the least side. */
const STAGE_PX = 280;
const MIN_SIDE = 100;
const PREVIEW_PX = 96;

/** Loads a picked file as a picture; null when the browser cannot show it (then it is no picture). */
export function readPicture(file: File): Promise<PickedPicture | null> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise((resolve) => {
    image.onload = () => resolve({ file, url, width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    image.src = url;
  });
}

/**
 * The avatar's square over the picture: drag it (or move it with the arrow keys) and set its size
 * with the slider; a round preview shows the avatar as it will look. The square is kept inside
 * the picture, in the picture's own pixels, as the server takes it.
 */
export function AvatarCropper({
  picture,
  crop,
  onChange,
}: {
  readonly picture: PickedPicture;
  readonly crop: SquareCrop;
  readonly onChange: (crop: SquareCrop) => void;
}) {
  const { t } = useTranslation("profile");
  const { width, height } = picture;
  const scale = STAGE_PX / Math.max(width, height);
  const drag = useRef<{ pointerX: number; pointerY: number; from: SquareCrop } | null>(null);
  const keep = (next: SquareCrop) => onChange(clampSquare(next, width, height, MIN_SIDE));
  const shorter = Math.min(width, height);
  const step = Math.max(1, Math.round(shorter / 50));

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, from: crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (start === null) return;
    keep({
      ...start.from,
      x: start.from.x + (event.clientX - start.pointerX) / scale,
      y: start.from.y + (event.clientY - start.pointerY) / scale,
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    keep({ ...crop, x: crop.x + move[0], y: crop.y + move[1] });
  };
  // Resizing keeps the square's centre where it was.
  const resize = (size: number) =>
    keep({ x: crop.x + (crop.size - size) / 2, y: crop.y + (crop.size - size) / 2, size });
  const zoom = PREVIEW_PX / crop.size;

  return (
    <div className="avatar-crop" data-testid="avatar-crop">
      <div className="avatar-crop-stage" style={{ width: width * scale, height: height * scale }}>
        <img src={picture.url} alt="" width={width * scale} height={height * scale} draggable={false} />
        <button
          type="button"
          className="avatar-crop-frame"
          data-testid="avatar-crop-frame"
          aria-label={t("edit.cropSquare")}
          style={{
            left: crop.x * scale,
            top: crop.y * scale,
            width: crop.size * scale,
            height: crop.size * scale,
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            drag.current = null;
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="avatar-crop-side">
        <div
          className="avatar-crop-preview"
          data-testid="avatar-crop-preview"
          aria-hidden="true"
          style={{
            backgroundImage: `url(${picture.url})`,
            backgroundSize: `${width * zoom}px ${height * zoom}px`,
            backgroundPosition: `${-crop.x * zoom}px ${-crop.y * zoom}px`,
          }}
        />
        <label>
          {t("edit.squareSize")}
          <input
            type="range"
            min={Math.min(MIN_SIDE, shorter)}
            max={shorter}
            value={crop.size}
            onChange={(event) => resize(Number(event.target.value))}
          />
        </label>
      </div>
    </div>
  );
}
