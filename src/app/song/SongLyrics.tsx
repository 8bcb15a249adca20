import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { sungWordIndex } from "../../shared/lyrics/sung-word.ts";
import { playAt } from "../player/player-store.ts";
import { type AlignedWord, useAlignedWords } from "../songs/use-aligned-words.ts";
import { useSongPosition } from "./use-song-position.ts";

/**
 * The song's lyrics: word by word when they are aligned, the sung word lit as the player bar plays
 * the song, and a click on a word plays from there; else the lyrics as written, with why.
 */
export function SongLyrics({ clip }: { readonly clip: Clip }) {
  const { t } = useTranslation("song");
  const aligned = useAlignedWords(clip);
  const written = clip.metadata.prompt?.trim() ?? "";
  return (
    <section className="song-lyrics" aria-label={t("lyrics.title")}>
      <h2>{t("lyrics.title")}</h2>
      {aligned.state === "ready" ? (
        <AlignedLyrics clip={clip} words={aligned.words} />
      ) : (
        <>
          {aligned.state !== "failed" ? (
            <p className="song-lyrics-note" data-testid="song-lyrics-aligning" aria-live="polite">
              {aligned.state === "running" ? t("lyrics.aligning") : t("lyrics.loading")}
            </p>
          ) : (
            written !== "" && (
              <p className="song-lyrics-note" data-testid="song-lyrics-unaligned">
                {aligned.message}
              </p>
            )
          )}
          {written === "" ? (
            <p className="create-empty">{t("lyrics.none")}</p>
          ) : (
            <pre data-testid="song-lyrics">{written}</pre>
          )}
        </>
      )}
    </section>
  );
}

function AlignedLyrics({ clip, words }: { readonly clip: Clip; readonly words: readonly AlignedWord[] }) {
  const position = useSongPosition(clip.id);
  const sung = position === null ? -1 : sungWordIndex(words, position);
  return <Words clip={clip} words={words} sung={sung} />;
}

/** Re-rendered only when the sung word changes, not on every position report. */
const Words = memo(function Words({
  clip,
  words,
  sung,
}: {
  readonly clip: Clip;
  readonly words: readonly AlignedWord[];
  readonly sung: number;
}) {
  const { t } = useTranslation("song");
  return (
    <p className="song-aligned" data-testid="song-lyrics" data-aligned="true">
      {words.map((word, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: words repeat; their order is their identity.
          key={index}
          type="button"
          className={index === sung ? "song-word song-word-sung" : "song-word"}
          data-testid="song-word"
          data-start={word.start_s}
          aria-current={index === sung ? "true" : undefined}
          title={t("lyrics.playFrom", { seconds: word.start_s.toFixed(1) })}
          onClick={() => playAt(clip, word.start_s)}
        >
          {word.word}
        </button>
      ))}
    </p>
  );
});
