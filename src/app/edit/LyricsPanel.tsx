// The song's lyrics beside the waveform: aligned word by word when the song has aligned lyrics
// (each word puts the playhead where it is sung), else the lyrics as written.

import { useEffect, useState } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { type AlignedLyricsResponse, alignedLyricsResponseSchema } from "../../shared/api/generate.ts";
import { seconds } from "../../shared/time.ts";
import { createTempoMap, secondsToBeats } from "../../shared/timing/tempo-map.ts";
import { useSession } from "../../studio/ui/studio-context.ts";
import { apiRequest } from "../account/api-request.ts";

type Words = AlignedLyricsResponse["aligned_words"];

export function LyricsPanel({ clip }: { readonly clip: Clip }) {
  const { controller } = useSession();
  const [words, setWords] = useState<Words | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    apiRequest(`/api/gen/${encodeURIComponent(clip.id)}/aligned_lyrics/v2/`, alignedLyricsResponseSchema, {
      signal: abort.signal,
    })
      .then((answer) => setWords(answer.aligned_words))
      .catch((error: unknown) => {
        // Songs without aligned lyrics (uploads, instrumentals) show their lyrics as written.
        if (!abort.signal.aborted) console.warn("No aligned lyrics", error);
        setWords([]);
      });
    return () => abort.abort();
  }, [clip.id]);

  const seek = (at: number) => {
    const tempo = createTempoMap(controller.project.timing);
    controller.seek(secondsToBeats(tempo, seconds(at)));
  };
  const written = clip.metadata.prompt?.trim() ?? "";
  return (
    <aside className="edit-lyrics" aria-label="Lyrics" data-testid="edit-lyrics">
      <h2>Lyrics</h2>
      {words === null ? (
        <p className="edit-dim">Loading lyrics...</p>
      ) : words.length > 0 ? (
        <p className="edit-aligned" data-aligned="true">
          {words.map((word, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: words repeat; their order is their identity.
              key={index}
              type="button"
              className="edit-word"
              title={`${word.start_s.toFixed(1)} s`}
              onClick={() => seek(word.start_s)}
            >
              {word.word}
            </button>
          ))}
        </p>
      ) : written !== "" ? (
        <pre className="edit-written">{written}</pre>
      ) : (
        <p className="edit-dim">This song has no lyrics.</p>
      )}
    </aside>
  );
}
