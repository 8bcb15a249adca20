import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
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

/** /b-side/describe-clip?clipId={id}: what our own analysis says of one of the user's songs. */
export default function DescribeClipPage() {
  const { t } = useTranslation("songMenu");
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
              ? t("describe.notFound")
              : error instanceof ApiError
                ? error.detail
                : t("describe.failed"),
        }),
      );
  }, [clipId, t]);
  return (
    <div className="page describe-clip">
      <PageHeader />
      {loaded.state === "loading" && <p className="page-loading">{t("describe.listening")}</p>}
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
  const { t } = useTranslation("songMenu");
  const { loudness } = d;
  const facts: [string, string][] = [
    [t("describe.length"), d.duration_s === null ? t("describe.unknown") : seconds(d.duration_s)],
    [
      t("describe.tempo"),
      d.tempo_bpm === null ? t("describe.noPulse") : t("describe.bpm", { bpm: Math.round(d.tempo_bpm) }),
    ],
    [t("describe.key"), d.key ?? t("describe.noKey")],
    [
      t("describe.loudness"),
      loudness.integrated_lufs === null
        ? t("describe.silent")
        : t("describe.lufs", { value: loudness.integrated_lufs }),
    ],
    [
      t("describe.truePeak"),
      loudness.true_peak_db === null
        ? t("describe.silent")
        : t("describe.dbtp", { value: loudness.true_peak_db }),
    ],
    [t("describe.styles"), d.styles || t("describe.noStyles")],
  ];
  return (
    <article className="panel describe-clip-body" data-testid="clip-description">
      <h1>{d.title || t("describe.untitled")}</h1>
      <dl className="describe-clip-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="describe-clip-source">{t(`describe.${d.source}`)}</p>
      <h2>{t("describe.sections")}</h2>
      {d.sections.length === 0 ? (
        <p>{t("describe.noSections")}</p>
      ) : (
        <ol className="describe-clip-sections" aria-label={t("describe.sections")}>
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
      <h2>{t("describe.instruments")}</h2>
      {d.instruments.length === 0 ? (
        <p>{t("describe.noInstruments")}</p>
      ) : (
        <ul className="describe-clip-sections" aria-label={t("describe.instruments")}>
          {d.instruments.map((instrument) => (
            <li key={instrument.stem}>
              <span>
                {instrument.stem}
                {instrument.names.length > 0 && ` (${instrument.names.join(", ")})`}
              </span>
              <span>{t("describe.level", { value: instrument.level_db })}</span>
            </li>
          ))}
        </ul>
      )}
      <h2>{t("describe.prompt")}</h2>
      <p className="describe-clip-prompt">{d.prompt || t("describe.noPrompt")}</p>
    </article>
  );
}
