// Beside the lyrics: the versions of this song that line up with it (replaced sections and extends
// built on it, other takes of the section it replaced), each with where it leaves and rejoins the
// song, and a link that opens it in the editor. Asked again every 2.5 s while one is still being
// made or one this page asked for (versionsExpected) is not listed yet.

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import { alignmentsResponseSchema } from "../../shared/api/edit.ts";
import { formatDuration } from "../../shared/library/clip-display.ts";
import { editPath } from "../../studio/edit/edit-query.ts";
import { type VersionRow, versionRows, versionsUnsettled } from "../../studio/edit/edit-versions.ts";
import { apiRequest } from "../account/api-request.ts";
import { Link } from "../router/Link.tsx";

/** Section 9: aligned-clip queries refetch every 2.5 s while expected clips are missing. */
const REFETCH_MS = 2500;

const expectedStore = createStore<ReadonlySet<string>>(() => new Set());

/** Clips a replace or an extend sent from this page will make: listed as soon as the server knows them. */
export function versionsExpected(ids: readonly string[]): void {
  expectedStore.setState(new Set([...expectedStore.getState(), ...ids]), true);
}

async function fetchVersions(clipId: string, signal: AbortSignal): Promise<VersionRow[]> {
  const id = encodeURIComponent(clipId);
  const [builtOnThis, sameSection] = await Promise.all([
    apiRequest(`/api/clips/aligned_clips?history_clip_id=${id}`, alignmentsResponseSchema, { signal }),
    apiRequest(`/api/clips/aligned_clip_siblings?clip_id=${id}`, alignmentsResponseSchema, { signal }),
  ]);
  return versionRows(clipId, builtOnThis.alignments, sameSection.alignments);
}

export function VersionsPanel({ clip, wid }: { readonly clip: Clip; readonly wid: string | null }) {
  const { t } = useTranslation("edit");
  const expected = useStore(expectedStore);
  const [rows, setRows] = useState<VersionRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` and `expected` ask again.
  useEffect(() => {
    const abort = new AbortController();
    fetchVersions(clip.id, abort.signal)
      .then((found) => {
        setRows(found);
        setFailed(false);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => abort.abort();
  }, [clip.id, round, expected]);

  const unsettled = rows !== null && versionsUnsettled(rows, expected);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (`rows`) arms the next wait.
  useEffect(() => {
    if (!unsettled && !failed) return;
    const timer = setTimeout(() => setRound((n) => n + 1), REFETCH_MS);
    return () => clearTimeout(timer);
  }, [unsettled, failed, rows]);

  const range = (version: VersionRow) =>
    version.to === null
      ? t("versions.from", { from: formatDuration(version.from ?? 0) })
      : t("versions.range", { from: formatDuration(version.from ?? 0), to: formatDuration(version.to) });

  return (
    <section className="edit-versions" aria-labelledby="edit-versions-title" data-testid="edit-versions">
      <h2 id="edit-versions-title">{t("versions.title")}</h2>
      {rows === null ? (
        <p className="edit-dim">{failed ? t("versions.failed") : t("versions.loading")}</p>
      ) : rows.length === 0 ? (
        <p className="edit-dim">{t("versions.none")}</p>
      ) : (
        <ol className="edit-version-list">
          {rows.map((version) => (
            <li key={version.id} data-testid="edit-version" data-kind={version.kind}>
              <Link href={editPath(version.id, { wid })}>{version.title || t("versions.untitled")}</Link>
              <span className="edit-dim">
                {range(version)} ·{" "}
                {version.kind === "built_on_this" ? t("versions.builtOnThis") : t("versions.sameSection")}
                {version.status !== "complete" ? ` · ${t("versions.making")}` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
