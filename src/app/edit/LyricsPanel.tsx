// The song's lyrics beside the waveform: aligned word by word when the song has aligned lyrics
// (each word puts the playhead where it is sung), else the lyrics as written.

import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { seconds } from "../../shared/time.ts";
import { createTempoMap, secondsToBeats } from "../../shared/timing/tempo-map.ts";
import { useSession } from "../../studio/ui/studio-context.ts";
import { useAlignedWords } from "../songs/use-aligned-words.ts";

export function LyricsPanel({ clip }: { readonly clip: Clip }) {
  const { t } = useTranslation("edit");
  const { controller } = useSession();
  // Songs without aligned lyrics (uploads, instrumentals) show their lyrics as written.
  const aligned = useAlignedWords(clip);
  const words = aligned.state === "ready" ? aligned.words : aligned.state === "failed" ? [] : null;

  const seek = (at: number) => {
    const tempo = createTempoMap(controller.project.timing);
    controller.seek(secondsToBeats(tempo, seconds(at)));
  };
  const written = clip.metadata.prompt?.trim() ?? "";
  return (
    <aside className="edit-lyrics" aria-label={t("lyrics.title")} data-testid="edit-lyrics">
      <h2>{t("lyrics.title")}</h2>
      {words === null ? (
        <p className="edit-dim">{t("lyrics.loading")}</p>
      ) : words.length > 0 ? (
        <p className="edit-aligned" data-aligned="true">
          {words.map((word, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: words repeat; their order is their identity.
              key={index}
              type="button"
              className="edit-word"
              title={t("lyrics.at", { seconds: word.start_s.toFixed(1) })}
              onClick={() => seek(word.start_s)}
            >
              {word.word}
            </button>
          ))}
        </p>
      ) : written !== "" ? (
        <pre className="edit-written">{written}</pre>
      ) : (
        <p className="edit-dim">{t("lyrics.none")}</p>
      )}
    </aside>
  );
}
