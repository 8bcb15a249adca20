// Which versions of the song in the editor line up with it, from the server's alignment lookups:
// the clips built on it (a replaced section, an extend: aligned_clips with this song as their
// history) and the other takes of the section this song replaced (aligned_clip_siblings). Each
// version says where it leaves the song and where it comes back, so the page can list them in
// timeline order.
import type { Alignment } from "../../shared/api/edit.ts";

export type VersionKind = "built_on_this" | "same_section";

export interface VersionRow {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly kind: VersionKind;
  /** Where the version leaves the song it follows (its history's end), in seconds. */
  readonly from: number | null;
  /** Where it goes back into the song it precedes (its future's start); null: it runs to its own end. */
  readonly to: number | null;
}

const UNFINISHED = new Set(["queued", "submitted", "processing", "streaming"]);

function row(alignment: Alignment, kind: VersionKind): VersionRow {
  return {
    id: alignment.clip.id,
    title: alignment.clip.title,
    status: alignment.clip.status,
    kind,
    from: alignment.history_end_seconds,
    to: alignment.future_start_seconds,
  };
}

/**
 * The versions that line up with `clipId`, in the order of the song's timeline (where they leave
 * it), the server's newest-first order kept among those leaving at the same point; the song itself
 * and repeats (a clip both built on this song and a sibling) are listed once.
 */
export function versionRows(
  clipId: string,
  builtOnThis: readonly Alignment[],
  sameSection: readonly Alignment[],
): VersionRow[] {
  const seen = new Set([clipId]);
  const rows: VersionRow[] = [];
  for (const [list, kind] of [
    [builtOnThis, "built_on_this"],
    [sameSection, "same_section"],
  ] as const) {
    for (const alignment of list) {
      if (seen.has(alignment.clip.id)) continue;
      seen.add(alignment.clip.id);
      rows.push(row(alignment, kind));
    }
  }
  // A stable sort: equal starts keep the server's order.
  return rows.sort((a, b) => (a.from ?? 0) - (b.from ?? 0));
}

/**
 * Whether the lookups must be asked again (every 2.5 s, section 9): a version listed is still
 * being made, or one this page asked for (a replace or an extend just sent) is not listed yet.
 */
export function versionsUnsettled(rows: readonly VersionRow[], expected: ReadonlySet<string>): boolean {
  const listed = new Set(rows.map((version) => version.id));
  return (
    rows.some((version) => UNFINISHED.has(version.status)) || [...expected].some((id) => !listed.has(id))
  );
}
