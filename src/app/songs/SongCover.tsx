import type { Clip } from "../../shared/api/clips.ts";

/** The clip's cover art as soon as it has one; a plain tile before. */
export function SongCover({ clip }: { readonly clip: Clip }) {
  if (clip.image_url === null) return <span className="song-cover song-cover-empty" aria-hidden="true" />;
  return (
    <img
      className="song-cover"
      data-testid="song-cover"
      src={clip.image_url}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
    />
  );
}
