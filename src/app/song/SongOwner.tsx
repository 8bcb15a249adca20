import { useEffect, useState } from "react";
import { ProfileAvatar } from "../profile/FollowListDialog.tsx";
import { fetchProfile } from "../profile/profile-api.ts";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import "../profile/profile.css";

/** The song's owner: avatar and handle, linking to their profile. */
export function SongOwner({ handle }: { readonly handle: string }) {
  const [avatar, setAvatar] = useState<{ url: string | null; name: string } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchProfile(handle, abort.signal)
      .then((profile) => setAvatar({ url: profile.avatar_image_url, name: profile.display_name || handle }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn("Could not load the owner's avatar", error);
      });
    return () => abort.abort();
  }, [handle]);
  return (
    <Link className="song-owner" href={profilePath(handle)}>
      <ProfileAvatar url={avatar?.url ?? null} name={avatar?.name ?? handle} size={28} />
      <span data-testid="song-owner">@{handle}</span>
    </Link>
  );
}
