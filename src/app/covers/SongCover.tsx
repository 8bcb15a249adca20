import type { Clip } from "../../shared/api/clips.ts";
import { servedImageSize, sizedImageSrcSet, sizedImageUrl } from "../../shared/api/images.ts";
import "./covers.css";

/**
 * The clip's cover art as soon as it has one, fetched at the served size sharp on this screen (a
 * list's 48 px row loads the 100 px copy, not the whole picture; the srcset lets the browser pick
 * again on zoom or on another screen); a plain tile before.
 */
export function SongCover({ clip, size = 48 }: { readonly clip: Clip; readonly size?: number }) {
  const box = { width: size, height: size };
  if (clip.image_url === null)
    return <span className="song-cover song-cover-empty" style={box} aria-hidden="true" />;
  return (
    <img
      className="song-cover"
      data-testid="song-cover"
      src={sizedImageUrl(clip.image_url, servedImageSize(size, globalThis.devicePixelRatio))}
      srcSet={sizedImageSrcSet(clip.image_url) ?? undefined}
      sizes={`${size}px`}
      alt=""
      width={size}
      height={size}
      style={box}
      loading="lazy"
      decoding="async"
    />
  );
}
