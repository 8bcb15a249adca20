import type { Clip } from "../../shared/api/clips.ts";
import "./covers.css";

/** The clip's cover art as soon as it has one; a plain tile before. In song lists and the player. */
export function SongCover({ clip, size = 48 }: { readonly clip: Clip; readonly size?: number }) {
  const box = { width: size, height: size };
  if (clip.image_url === null)
    return <span className="song-cover song-cover-empty" style={box} aria-hidden="true" />;
  return (
    <img
      className="song-cover"
      data-testid="song-cover"
      src={clip.image_url}
      alt=""
      width={size}
      height={size}
      style={box}
      loading="lazy"
      decoding="async"
    />
  );
}
