import { useEffect, useState } from "react";
import { type ClipDescription, clipDescriptionSchema } from "../../../shared/api/clip-actions.ts";
import { formatDuration } from "../../../shared/library/clip-display.ts";
import { ApiError, apiRequest } from "../../account/api-request.ts";
import { PageHeader } from "../../account/PageHeader.tsx";
import { loadSession } from "../../account/session-store.ts";
import { useLocation } from "../../router/use-location.ts";
import "../clip-actions.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly message: string }
  | { readonly state: "ready"; readonly description: ClipDescription };

const seconds = (value: number) => formatDuration(value);
const SOURCE_TEXT = {
  score: "Tempo, key, sections and instruments are the generator's own, from the song's score.",
  analysis: "Tempo and key were heard in the audio; sections are known for songs our generator made.",
} as const;

/** /b-side/describe-clip?clipId={id}: what our own analysis says of one of the user's songs. */
export default function DescribeClipPage() {
  const { search } = useLocation();
  const clipId = new URLSearchParams(search).get("clipId") ?? "";
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    setLoaded({ state: "loading" });
    apiRequest(`/api/clips/${encodeURIComponent(clipId)}/description`, clipDescriptionSchema)
      .then((description) => setLoaded({ state: "ready", description }))
      .catch((error: unknown) =>
        setLoaded({
          state: "failed",
          message:
            error instanceof ApiError && error.status === 404
              ? "This song was not found among your songs."
              : error instanceof ApiError
                ? error.detail
                : "The song could not be described. Reload the page to try again.",
        }),
      );
  }, [clipId]);
  return (
    <div className="page describe-clip">
      <PageHeader />
      {loaded.state === "loading" && <p className="page-loading">Listening to the song...</p>}
      {loaded.state === "failed" && (
        <p className="error" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === "ready" && <Description description={loaded.description} />}
    </div>
  );
}

function Description({ description: d }: { readonly description: ClipDescription }) {
  const facts: [string, string][] = [
    ["Length", d.duration_s === null ? "Unknown" : seconds(d.duration_s)],
    ["Tempo", d.tempo_bpm === null ? "No steady pulse" : `${Math.round(d.tempo_bpm)} BPM`],
    ["Key", d.key ?? "No clear key"],
    ["Loudness", d.loudness.integrated_lufs === null ? "Silent" : `${d.loudness.integrated_lufs} LUFS`],
    ["True peak", d.loudness.true_peak_db === null ? "Silent" : `${d.loudness.true_peak_db} dBTP`],
    ["Styles", d.styles || "None given"],
  ];
  return (
    <article className="panel describe-clip-body" data-testid="clip-description">
      <h1>{d.title || "Untitled"}</h1>
      <dl className="describe-clip-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="describe-clip-source">{SOURCE_TEXT[d.source]}</p>
      <h2>Sections</h2>
      {d.sections.length === 0 ? (
        <p>No sections are known for this song.</p>
      ) : (
        <ol className="describe-clip-sections" aria-label="Sections">
          {d.sections.map((section) => (
            <li key={`${section.kind}-${section.start_s}`}>
              <span>{section.kind}</span>
              <span>
                {seconds(section.start_s)} - {seconds(section.end_s)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <h2>Instruments</h2>
      {d.instruments.length === 0 ? (
        <p>No stems were kept for this song.</p>
      ) : (
        <ul className="describe-clip-sections" aria-label="Instruments">
          {d.instruments.map((instrument) => (
            <li key={instrument.stem}>
              <span>
                {instrument.stem}
                {instrument.names.length > 0 && ` (${instrument.names.join(", ")})`}
              </span>
              <span>{instrument.level_db} dBFS</span>
            </li>
          ))}
        </ul>
      )}
      <h2>Prompt</h2>
      <p className="describe-clip-prompt">{d.prompt || "No prompt or lyrics."}</p>
    </article>
  );
}
