// A song's lyrics aligned word by word, for the song page and the editor's lyrics: asked of
// aligned_lyrics/v3 with the song's lyrics, polled every 2.5 s while the alignment runs (the song
// is still rendering), and read from v2 when v3 fails. What a page shows when there are none: the
// server's reason, 'No aligned words found' when it gave words but none, else 'Unknown error'.

import { useEffect, useState } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import {
  type AlignedLyricsResponse,
  alignedLyricsResponseSchema,
  alignedLyricsV3ResponseSchema,
  NO_ALIGNED_WORDS,
  UNKNOWN_ALIGNMENT_ERROR,
} from "../../shared/api/generate.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";

export type AlignedWord = AlignedLyricsResponse["aligned_words"][number];

export type AlignedWords =
  | { readonly state: "loading" }
  | { readonly state: "running" }
  | { readonly state: "ready"; readonly words: readonly AlignedWord[] }
  | { readonly state: "failed"; readonly message: string };

export const ALIGNMENT_POLL_MS = 2500;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });

/** The song asked about: its id and the lyrics to align. */
interface Asked {
  readonly id: string;
  readonly lyrics: string;
}

/** v3's words, polling while it runs; null when v3 failed (an error answer or a refused call). */
async function alignV3(
  song: Asked,
  signal: AbortSignal,
  onRunning: () => void,
): Promise<AlignedWord[] | null> {
  const path = `/api/gen/${encodeURIComponent(song.id)}/aligned_lyrics/v3`;
  let answer = await apiRequest(path, alignedLyricsV3ResponseSchema, {
    body: { lyrics: song.lyrics },
    signal,
  }).catch((error: unknown) => (signal.aborted ? Promise.reject(error) : null));
  while (answer?.status === "running") {
    onRunning();
    await wait(ALIGNMENT_POLL_MS, signal);
    if (signal.aborted) throw new DOMException("Aborted", "AbortError");
    answer = await apiRequest(path, alignedLyricsV3ResponseSchema, { signal }).catch((error: unknown) =>
      signal.aborted ? Promise.reject(error) : null,
    );
  }
  return answer?.status === "complete" ? answer.aligned_words : null;
}

async function alignedWords(song: Asked, signal: AbortSignal, onRunning: () => void): Promise<AlignedWords> {
  const fromV3 = await alignV3(song, signal, onRunning);
  if (fromV3 !== null && fromV3.length > 0) return { state: "ready", words: fromV3 };
  try {
    const fromV2 = await apiRequest(
      `/api/gen/${encodeURIComponent(song.id)}/aligned_lyrics/v2/`,
      alignedLyricsResponseSchema,
      { signal },
    );
    return fromV2.aligned_words.length > 0
      ? { state: "ready", words: fromV2.aligned_words }
      : { state: "failed", message: NO_ALIGNED_WORDS };
  } catch (error) {
    if (signal.aborted) throw error;
    return { state: "failed", message: error instanceof ApiError ? error.detail : UNKNOWN_ALIGNMENT_ERROR };
  }
}

/** The song's aligned words as they load; asked again when the song finishes rendering. */
export function useAlignedWords(clip: Clip): AlignedWords {
  const { id } = clip;
  const lyrics = clip.metadata.prompt ?? "";
  const [words, setWords] = useState<AlignedWords>({ state: "loading" });
  useEffect(() => {
    const abort = new AbortController();
    setWords({ state: "loading" });
    alignedWords({ id, lyrics }, abort.signal, () => setWords({ state: "running" }))
      .then((found) => {
        if (found.state === "failed") console.warn(`No aligned lyrics for ${id}: ${found.message}`);
        setWords(found);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setWords({ state: "failed", message: UNKNOWN_ALIGNMENT_ERROR });
        if (!abort.signal.aborted) console.warn("Aligned lyrics failed", error);
      });
    return () => abort.abort();
  }, [id, lyrics]);
  return words;
}
