// Get Stems / MIDI: the song's stem clips (made once by POST /api/edit/stems/{id}) and its MIDI,
// whole and one file per instrument (split here with @tonejs/midi, keeping the song's tempo map).

import { Midi } from "@tonejs/midi";
import { type Clip, feedV2ResponseSchema } from "../../shared/api/clips.ts";
import { stemsResponseSchema } from "../../shared/api/generate.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { openClipActionModal } from "./action-modal-store.ts";

export const makeStems = async (clip: Clip): Promise<readonly Clip[]> =>
  (
    await apiRequest(`/api/edit/stems/${encodeURIComponent(clip.id)}`, stemsResponseSchema, {
      method: "POST",
      body: {},
    })
  ).clips;

/** Stems still being separated look again this often. */
export const STEM_POLL_MS = 4000;

const unfinished = (stem: Clip) => stem.status !== "complete" && stem.status !== "error";

/** The stems as they are now, when some are still being separated; the same list otherwise. */
export async function refreshStems(stems: readonly Clip[]): Promise<readonly Clip[]> {
  if (!stems.some(unfinished)) return stems;
  const ids = stems.map((stem) => stem.id).join(",");
  const { clips } = await apiRequest(`/api/feed/v2?ids=${ids}`, feedV2ResponseSchema);
  return stems.map((stem) => clips.find((clip) => clip.id === stem.id) ?? stem);
}

export const stemsPending = (stems: readonly Clip[]) => stems.some(unfinished);

export interface MidiFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** The song's MIDI file, then one per instrument track that has notes. */
export async function songMidiFiles(clip: Clip): Promise<readonly MidiFile[]> {
  const response = await fetch(`/api/gen/${encodeURIComponent(clip.id)}/midi/`, {
    credentials: "same-origin",
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(
      response.status,
      (JSON.parse(text || "{}") as { detail?: string }).detail ?? i18n.t("songMenu:actions.noMidi"),
      text,
    );
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const song = new Midi(bytes);
  const files: MidiFile[] = [{ name: i18n.t("songMenu:actions.allInstruments"), bytes }];
  song.tracks.forEach((track, index) => {
    if (track.notes.length === 0) return;
    const single = new Midi();
    single.header.fromJSON(song.header.toJSON());
    single.addTrack().fromJSON(track.toJSON());
    files.push({
      name: track.name || i18n.t("songMenu:actions.track", { number: index + 1 }),
      bytes: single.toArray(),
    });
  });
  return files;
}

/** The address that downloads a stem clip's audio as an attachment. */
export const stemDownloadUrl = (stem: Clip): string | null =>
  stem.audio_url === null
    ? null
    : `${stem.audio_url}${stem.audio_url.includes("?") ? "&" : "?"}download=true`;

export const openStems = (clip: Clip, options: { readonly midi: boolean }) =>
  openClipActionModal({ kind: "stems", clip, midi: options.midi });
