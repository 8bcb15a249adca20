import type { Clip } from "../../shared/api/clips.ts";

/** The clip's cover art as soon as it has one; a plain tile before. `size` is in CSS pixels. */
export function SongCover({ clip, size = 48 }: { readonly clip: Clip; readonly size?: number }) {
  const style = { width: size, height: size };
  if (clip.image_url === null)
    return <span className="song-cover song-cover-empty" style={style} aria-hidden="true" />;
  return (
    <img
      className="song-cover"
      data-testid="song-cover"
      src={clip.image_url}
      alt=""
      style={style}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
