// The legacy editor: a plain page (no wasm, no WebGL) for a browser whose audio engine fails. The
// song plays in an ordinary audio element; crop and fade-out are forms calling the edit actions,
// and each new song is listed as it arrives.
import { type FormEvent, useEffect, useState } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import {
  CLIP_NOT_COMPLETE,
  DEFAULT_FADE_OUT_MS,
  EDIT_ACTION_ERROR,
  EDIT_ACTION_ERROR_TOAST_MS,
} from "../../shared/api/edit.ts";
import { ApiError } from "../account/api-request.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { showToast } from "../shell/toast-store.ts";
import { fetchSong } from "../song/song-api.ts";
import { runLegacyEdit } from "./legacy-edit-api.ts";
import "./edit-legacy.css";

type Load = { state: "loading" } | { state: "ready"; clip: Clip } | { state: "failed"; message: string };

const seconds = (value: FormDataEntryValue | null) => Number(value ?? Number.NaN);

export default function EditLegacyPage({ clipId }: { readonly clipId: string }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [busy, setBusy] = useState<string | null>(null);
  const [made, setMade] = useState<readonly Clip[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    fetchSong(clipId, controller.signal).then(
      (clip) => setLoad({ state: "ready", clip }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          state: "failed",
          message: error instanceof ApiError ? error.message : "This song could not be loaded.",
        });
      },
    );
    return () => controller.abort();
  }, [clipId]);

  if (load.state === "loading")
    return (
      <main className="edit-legacy">
        <p>Loading...</p>
      </main>
    );
  if (load.state === "failed")
    return (
      <main className="edit-legacy">
        <p role="alert">{load.message}</p>
      </main>
    );
  const { clip } = load;
  if (clip.status !== "complete") {
    return (
      <main className="edit-legacy">
        <h1>{clip.title || "Untitled"}</h1>
        <p role="alert">{CLIP_NOT_COMPLETE}</p>
      </main>
    );
  }

  async function run(kind: "crop" | "fade", body: Record<string, unknown>) {
    setBusy(kind === "crop" ? "Cropping..." : "Fading out...");
    try {
      const result = await runLegacyEdit(kind, clip.id, body);
      if (result) setMade((list) => [result, ...list]);
      else showToast({ kind: "error", title: EDIT_ACTION_ERROR, durationMs: EDIT_ACTION_ERROR_TOAST_MS });
    } catch (error) {
      const detail = error instanceof ApiError ? error.message : undefined;
      showToast({
        kind: "error",
        title: EDIT_ACTION_ERROR,
        description: detail,
        durationMs: EDIT_ACTION_ERROR_TOAST_MS,
      });
    } finally {
      setBusy(null);
    }
  }

  const onCrop = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fade = seconds(form.get("fade"));
    void run("crop", {
      crop_start_s: seconds(form.get("start")),
      crop_end_s: seconds(form.get("end")),
      is_crop_remove: form.get("mode") === "remove",
      ...(fade > 0 ? { fade_out_time: fade } : {}),
    });
  };
  const onFade = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run("fade", { fade_out_time: seconds(new FormData(event.currentTarget).get("length")) });
  };
  const duration = clip.metadata.duration ?? 0;

  return (
    <main className="edit-legacy">
      <h1>{clip.title || "Untitled"}</h1>
      {/* biome-ignore lint/a11y/useMediaCaption: songs have no captions; their lyrics are on the song page */}
      <audio controls preload="metadata" src={clip.audio_url ?? undefined} aria-label="Song player" />
      <form onSubmit={onCrop} aria-label="Crop">
        <h2>Crop</h2>
        <label>
          Start (s){" "}
          <input name="start" type="number" min={0} max={duration} step={0.01} defaultValue={0} required />
        </label>
        <label>
          End (s){" "}
          <input
            name="end"
            type="number"
            min={0}
            max={duration}
            step={0.01}
            defaultValue={Math.round(duration * 100) / 100}
            required
          />
        </label>
        <label>
          <select name="mode" defaultValue="keep" aria-label="Crop mode">
            <option value="keep">Keep the range</option>
            <option value="remove">Remove the range</option>
          </select>
        </label>
        <label>
          Fade-out (s) <input name="fade" type="number" min={0} step={0.1} defaultValue={0} />
        </label>
        <button type="submit" disabled={busy !== null}>
          Crop
        </button>
      </form>
      <form onSubmit={onFade} aria-label="Fade out">
        <h2>Fade out</h2>
        <label>
          Length (s){" "}
          <input
            name="length"
            type="number"
            min={0.1}
            step={0.1}
            defaultValue={DEFAULT_FADE_OUT_MS / 1000}
            required
          />
        </label>
        <button type="submit" disabled={busy !== null}>
          Fade out
        </button>
      </form>
      {busy && <p role="status">{busy}</p>}
      <section aria-label="New songs">
        <h2>New songs</h2>
        {made.length === 0 ? (
          <p className="edit-legacy-empty">Songs you make here appear in this list and in your library.</p>
        ) : (
          <ul>
            {made.map((song) => (
              <li key={song.id} data-clip-id={song.id}>
                <a href={`/song/${song.id}`}>{song.title || "Untitled"}</a> (
                {Math.round((song.metadata.duration ?? 0) * 10) / 10} s)
              </li>
            ))}
          </ul>
        )}
      </section>
      <Toasts />
    </main>
  );
}
