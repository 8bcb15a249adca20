import { useCallback, useEffect, useState } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import type { Persona } from "../../shared/api/personas.ts";
import type { Profile } from "../../shared/api/profiles.ts";
import { ApiError } from "../account/api-request.ts";
import { upsertClips } from "../shell/clips-store.ts";
import {
  fetchProfile,
  fetchProfileClips,
  fetchProfilePersonas,
  fetchProfilePlaylists,
  fetchRemixesInspiredCount,
  fetchTopClips,
} from "./profile-api.ts";

export interface ProfileData {
  readonly profile: Profile;
  readonly clips: readonly Clip[];
  readonly nextPage: number | null;
  readonly topClips: readonly Clip[];
  readonly playlists: readonly { id: string; name: string; image_url: string | null; num_clips: number }[];
  readonly personas: readonly Persona[];
  readonly remixCount: number;
}

export type ProfileLoad =
  | { readonly state: "loading" }
  | { readonly state: "missing" }
  | { readonly state: "failed" }
  | { readonly state: "ready"; readonly data: ProfileData };

/** Everything the profile page shows, loaded at once; more songs on request; the profile replaced after a change. */
export function useProfile(handle: string, viewerId: string | null) {
  const [load, setLoad] = useState<ProfileLoad>({ state: "loading" });

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    setLoad({ state: "loading" });
    // The viewer is a dependency: signing in changes "following" and "yours".
    void viewerId;
    Promise.all([
      fetchProfile(handle, signal),
      fetchProfileClips(handle, 1, signal),
      fetchTopClips(handle, signal),
      fetchProfilePlaylists(handle, signal),
      fetchProfilePersonas(handle, signal),
      fetchRemixesInspiredCount(handle, signal),
    ])
      .then(([profile, clips, top, playlists, personas, remixes]) => {
        upsertClips([...clips.clips, ...top.clips]);
        setLoad({
          state: "ready",
          data: {
            profile,
            clips: clips.clips,
            nextPage: clips.has_more ? 2 : null,
            topClips: top.clips,
            playlists: playlists.playlists,
            personas: personas.personas,
            remixCount: remixes.count,
          },
        });
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          setLoad({ state: "missing" });
        else {
          console.warn("Could not load the profile", error);
          setLoad({ state: "failed" });
        }
      });
    return () => abort.abort();
  }, [handle, viewerId]);

  const update = useCallback(
    (change: (data: ProfileData) => ProfileData) =>
      setLoad((current) =>
        current.state === "ready" ? { state: "ready", data: change(current.data) } : current,
      ),
    [],
  );

  const loadMore = useCallback(async () => {
    if (load.state !== "ready" || load.data.nextPage === null) return;
    const page = load.data.nextPage;
    const answer = await fetchProfileClips(load.data.profile.handle, page);
    upsertClips(answer.clips);
    update((data) => ({
      ...data,
      clips: [...data.clips, ...answer.clips],
      nextPage: answer.has_more ? page + 1 : null,
    }));
  }, [load, update]);

  return { load, update, loadMore };
}
