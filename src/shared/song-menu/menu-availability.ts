// Which song-menu entries a viewer gets for a song (or a selection) in a place, and how: shown,
// hidden, shown disabled with the reason as its tooltip, or shown opening an upsell. Pure: every
// list, the song page and the tests share it.

import type { Session } from "../api/accounts.ts";
import { MERGE_MAX_CLIPS } from "../api/generate.ts";
import { MERGE_TOO_MANY } from "../clip-actions/merge-rules.ts";
import { othersMayRemix } from "../clip-actions/remix-rules.ts";
import { CANNOT_ADJUST_SPEED, canAdjustSpeed, isUploadClip } from "../create/form-validity.ts";
import { mayUsePersonaUploads } from "../create/persona-rules.ts";
import { canDeletePermanently, canRestore, canTrash } from "../library/trash-rules.ts";
import { type FeaturePermission, hasFeature } from "./feature-permissions.ts";
import {
  type Availability,
  CONTEST_COVER_OWNER_ONLY,
  CONTEST_REMIXES_LOCKED,
  type MenuClip,
  type MenuContext,
  NOT_COMPLETE,
  NOT_INTERESTED_SECTIONS,
  OWNER_ONLY,
  PERSONA_FROM_UPLOAD_DISABLED,
  REMASTER_CONTEST,
  REMASTER_MAX_SECONDS,
  REMASTER_SECTION,
  REMASTER_TOO_LONG,
} from "./menu-context.ts";
import { MENU_ENTRIES, type MenuEntryId, type MenuEntryRow, menuRow } from "./menu-entries.ts";

const SHOWN: Availability = { kind: "shown" };
const HIDDEN: Availability = { kind: "hidden" };
const disabled = (reason: string): Availability => ({ kind: "disabled", reason });
const upsell = (feature: FeaturePermission): Availability => ({ kind: "upsell", feature });

interface Facts {
  readonly session: Session;
  readonly userId: string | null;
  readonly clips: readonly MenuClip[];
  readonly clip: MenuClip;
  readonly single: boolean;
  readonly own: boolean;
  readonly allOwn: boolean;
  readonly complete: boolean;
  readonly trashed: boolean;
  readonly infill: boolean;
  readonly stem: boolean;
  readonly context: MenuContext;
  readonly flag: (name: string) => boolean;
  readonly has: (feature: FeaturePermission) => boolean;
}

/** Remaster comes in a variant for v4 songs and one for v4.5 and later. */
export function remasterVariant(clip: Pick<MenuClip, "model_name">): "v4" | "v4.5+" {
  return /^chirp-v(3|4)(-|$)/.test(clip.model_name) && !clip.model_name.startsWith("chirp-v4-5")
    ? "v4"
    : "v4.5+";
}

/** Variations: models v4.5 (auk) and v4.5+ (bluejay), or a song whose model is not named. */
const VARIATION_MODELS: ReadonlySet<string> = new Set([
  "",
  "chirp-v4-5",
  "chirp-v4-5-plus",
  "chirp-auk",
  "chirp-bluejay",
]);

const hasHistory = (clip: MenuClip) =>
  (clip.metadata.history?.length ?? 0) > 0 || (clip.metadata.concat_history?.length ?? 0) > 0;

const remixAllowed = (f: Facts) => f.own || othersMayRemix(f.clip.metadata);

/** The rules shared by the remix entries (Cover, Extend, Use Styles & Lyrics, ...). */
function remixGate(f: Facts, extra: () => Availability = () => SHOWN): Availability {
  if (f.userId === null || !f.single || f.trashed || !remixAllowed(f)) return HIDDEN;
  if (!f.complete) return disabled(NOT_COMPLETE);
  return extra();
}

/** An owner's action on one song out of the trash, needing it complete and maybe a feature. */
function ownerGate(f: Facts, feature?: FeaturePermission): Availability {
  if (!f.single || !f.own || f.trashed) return HIDDEN;
  if (!f.complete) return disabled(NOT_COMPLETE);
  if (feature !== undefined && !f.has(feature)) return upsell(feature);
  return SHOWN;
}

const signedInSingle = (f: Facts) => f.userId !== null && f.single && !f.trashed;

type Rule = (f: Facts) => Availability;

const RULES: Record<MenuEntryId, Rule> = {
  // The editor is the owner's, and staff's on any song; Pro and Premier (EditMode).
  open_editor: (f) => {
    if (!signedInSingle(f) || !(f.own || f.session.isStaff)) return HIDDEN;
    if (!f.complete) return disabled(NOT_COMPLETE);
    return f.has("EditMode") ? SHOWN : upsell("EditMode");
  },
  open_studio: (f) => ownerGate(f, "Studio"),
  open_chat: (f) => (signedInSingle(f) ? (f.complete ? SHOWN : disabled(NOT_COMPLETE)) : HIDDEN),
  // A contest song's cover is its owner's, or staff's.
  cover: (f) =>
    remixGate(f, () =>
      f.clip.is_contest_clip && !f.own && !f.session.isStaff ? disabled(CONTEST_COVER_OWNER_ONLY) : SHOWN,
    ),
  extend: (f) => remixGate(f),
  adjust_speed: (f) => remixGate(f, () => (canAdjustSpeed(f.clip) ? SHOWN : disabled(CANNOT_ADJUST_SPEED))),
  crop: (f) => ownerGate(f, "EditMode"),
  replace_section: (f) => ownerGate(f, "EditMode"),
  reuse: (f) => remixGate(f),
  get_full_song: (f) => (hasHistory(f.clip) && !f.infill && !f.stem ? ownerGate(f) : HIDDEN),
  confirm_section: (f) => (f.infill ? ownerGate(f) : HIDDEN),
  // Several of the owner's songs out of the trash, finished, at most as many as one merge takes.
  merge_songs: (f) => {
    if (f.single || !f.allOwn || f.trashed) return HIDDEN;
    if (f.clips.length > MERGE_MAX_CLIPS) return disabled(MERGE_TOO_MANY);
    return f.complete ? SHOWN : disabled(NOT_COMPLETE);
  },
  add_vocal: (f) =>
    remixGate(f, () => (f.has("AddVocalInstrumental") ? SHOWN : upsell("AddVocalInstrumental"))),
  add_instrumental: (f) =>
    remixGate(f, () => (f.has("AddVocalInstrumental") ? SHOWN : upsell("AddVocalInstrumental"))),
  get_stems: (f) => (f.stem ? HIDDEN : ownerGate(f, "GetStems")),
  // Anyone may queue what plays: streaming or complete.
  add_to_queue: (f) =>
    f.trashed
      ? HIDDEN
      : f.clips.every((c) => c.status === "complete" || c.status === "streaming")
        ? SHOWN
        : disabled(NOT_COMPLETE),
  add_to_playlist: (f) =>
    f.userId === null || f.trashed
      ? HIDDEN
      : f.clips.every((c) => c.status === "complete")
        ? SHOWN
        : disabled(NOT_COMPLETE),
  move_to_workspace: (f) => (f.userId !== null && f.allOwn && !f.trashed ? SHOWN : HIDDEN),
  publish: (f) => ownerGate(f),
  song_details: (f) => (f.single && f.own && !f.trashed ? SHOWN : HIDDEN),
  // Links: to a song others can open (public), or the owner's own.
  copy_link: (f) => (f.single && !f.trashed && (f.clip.is_public || f.own) ? SHOWN : HIDDEN),
  copy_link_at_time: (f) =>
    f.single && !f.trashed && (f.clip.is_public || f.own) && f.context.hasCurrentTime === true
      ? SHOWN
      : HIDDEN,
  report: (f) => (signedInSingle(f) && !f.own ? SHOWN : HIDDEN),
  share_to: (f) =>
    f.single && !f.trashed && f.clip.is_public ? (f.complete ? SHOWN : disabled(NOT_COMPLETE)) : HIDDEN,
  share_with_friends: (f) =>
    signedInSingle(f) && f.clip.is_public && f.flag("enable-sharelist-and-share-notifications")
      ? f.complete
        ? SHOWN
        : disabled(NOT_COMPLETE)
      : HIDDEN,
  song_radio: (f) =>
    f.single && !f.trashed && f.clip.is_public ? (f.complete ? SHOWN : disabled(NOT_COMPLETE)) : HIDDEN,
  create_variations: (f) =>
    VARIATION_MODELS.has(f.clip.model_name) && !f.infill ? ownerGate(f, "VariationRemaster") : HIDDEN,
  // Shown to signed-in viewers with the remaster-modal flag; disabled, with its reason, for what it
  // cannot take; without the Remaster feature it opens the upsell.
  remaster: (f) => {
    if (!signedInSingle(f) || !f.flag("remaster-modal")) return HIDDEN;
    if (!f.own) return disabled(OWNER_ONLY);
    if (f.infill) return disabled(REMASTER_SECTION);
    if (f.clip.is_contest_base_clip) return disabled(REMASTER_CONTEST);
    if ((f.clip.metadata.duration ?? 0) > REMASTER_MAX_SECONDS) return disabled(REMASTER_TOO_LONG);
    if (!f.complete) return disabled(NOT_COMPLETE);
    return f.has("Remaster") ? SHOWN : upsell("Remaster");
  },
  // Not from sections or stems; the owner's; not a song that already has a persona (a crop may);
  // uploads only with the flag or staff.
  make_persona: (f) => {
    const type = f.clip.metadata.type ?? "";
    if (f.infill || type === "stem") return HIDDEN;
    if (f.clip.persona && type !== "edit_crop") return HIDDEN;
    const gate = ownerGate(f, "Persona");
    if (gate.kind !== "shown") return gate;
    return isUploadClip(f.clip.metadata) && !mayUsePersonaUploads(f.session)
      ? disabled(PERSONA_FROM_UPLOAD_DISABLED)
      : SHOWN;
  },
  // A persona others may use is public, on a public song; the owner may always use theirs.
  use_persona: (f) => {
    const persona = f.clip.persona;
    if (!signedInSingle(f) || persona === null) return HIDDEN;
    if (!(persona.is_owned || f.own || (persona.is_public && f.clip.is_public))) return HIDDEN;
    if (!f.complete) return disabled(NOT_COMPLETE);
    return f.has("Persona") ? SHOWN : upsell("Persona");
  },
  download_mp3: (f) => downloadGate(f),
  // WAV: the owner's, and staff's; a higher tier (DownloadWav).
  download_wav: (f) =>
    f.own || f.session.isStaff
      ? downloadGate(f, () => (f.has("DownloadWav") ? SHOWN : upsell("DownloadWav")))
      : HIDDEN,
  // Opus: counted against the download quota like the MP3.
  download_opus: (f) => downloadGate(f),
  sample_pack: (f) => (f.flag("download-sample-pack") ? ownerGate(f) : HIDDEN),
  download_video: (f) => (f.clip.video_url === null ? HIDDEN : downloadGate(f)),
  regenerate_video: (f) => ownerGate(f, "GenerateSongVideo"),
  share_asset: (f) =>
    f.session.isStaff && signedInSingle(f) ? (f.complete ? SHOWN : disabled(NOT_COMPLETE)) : HIDDEN,
  allow_comments: (f) => (f.single && f.own && !f.trashed ? SHOWN : HIDDEN),
  // A song in a contest keeps its remixes allowed.
  allow_remixes: (f) =>
    f.single && f.own && !f.trashed
      ? f.clip.is_contest_clip
        ? disabled(CONTEST_REMIXES_LOCKED)
        : SHOWN
      : HIDDEN,
  pin_to_profile: (f) => ownerGate(f),
  show_in_hooks_feed: (f) =>
    f.flag("web-hooks-2025") && f.clip.video_cover_url !== null && f.single && f.own && !f.trashed
      ? SHOWN
      : HIDDEN,
  move_to_trash: (f) => (f.userId !== null && canTrash(f.clips, f.userId) ? SHOWN : HIDDEN),
  restore_from_trash: (f) =>
    f.context.place === "trash" && f.userId !== null && canRestore(f.clips, f.userId) ? SHOWN : HIDDEN,
  restore_to_library: (f) =>
    f.context.place !== "trash" && f.userId !== null && canRestore(f.clips, f.userId) ? SHOWN : HIDDEN,
  describe_clip: (f) => {
    if (!signedInSingle(f)) return HIDDEN;
    if (!f.own) return disabled(OWNER_ONLY);
    return f.complete ? SHOWN : disabled(NOT_COMPLETE);
  },
  orpheus: (f) =>
    signedInSingle(f) && remixAllowed(f) ? (f.complete ? SHOWN : disabled(NOT_COMPLETE)) : HIDDEN,
  remove_from_playlist: (f) =>
    f.context.place === "playlist" && f.context.ownsPlaylist === true ? SHOWN : HIDDEN,
  delete_permanently: (f) => (f.userId !== null && canDeletePermanently(f.clips, f.userId) ? SHOWN : HIDDEN),
  not_interested: (f) =>
    signedInSingle(f) &&
    !f.own &&
    (f.context.place === "on_repeat" || NOT_INTERESTED_SECTIONS.has(f.context.section ?? ""))
      ? SHOWN
      : HIDDEN,
  hire_editor: (f) => (f.flag("enable-marketplace") ? ownerGate(f) : HIDDEN),
};

/**
 * Downloads: a finished song out of the trash, for signed-in viewers. Others' songs with a download
 * block are disabled while the remix-contest-disable-downloads flag is on.
 */
function downloadGate(f: Facts, extra: () => Availability = () => SHOWN): Availability {
  if (!signedInSingle(f)) return HIDDEN;
  if (!f.complete) return disabled(NOT_COMPLETE);
  const blocked = f.clip.download_disabled_reason;
  if (!f.own && blocked && f.flag("remix-contest-disable-downloads")) return disabled(blocked);
  return extra();
}

function factsOf(session: Session, clips: readonly MenuClip[], context: MenuContext): Facts | null {
  const clip = clips[0];
  if (clip === undefined) return null;
  const userId = session.user?.id ?? null;
  return {
    session,
    userId,
    clips,
    clip,
    single: clips.length === 1,
    own: userId !== null && clip.user_id === userId,
    allOwn: userId !== null && clips.every((c) => c.user_id === userId),
    complete: clips.every((c) => c.status === "complete"),
    trashed: clips.some((c) => c.is_trashed),
    infill: clip.metadata.infill === true,
    stem: clip.metadata.type === "stem" || clip.metadata.task === "gen_stem",
    context,
    flag: (name) => session.flags[name] === true,
    has: (feature) => hasFeature(session, feature),
  };
}

/** One entry's availability. Entries for one song are hidden for a selection of several. */
export function entryAvailability(
  id: MenuEntryId,
  session: Session,
  clips: readonly MenuClip[],
  context: MenuContext,
): Availability {
  const facts = factsOf(session, clips, context);
  if (facts === null) return HIDDEN;
  if (!facts.single && menuRow(id).multi !== true) return HIDDEN;
  return RULES[id](facts);
}

/** The entries the menu draws, in order, each with its availability (hidden ones left out). */
export function menuEntries(
  session: Session,
  clips: readonly MenuClip[],
  context: MenuContext,
): readonly {
  readonly row: MenuEntryRow;
  readonly availability: Exclude<Availability, { kind: "hidden" }>;
}[] {
  return MENU_ENTRIES.flatMap((row) => {
    const availability = entryAvailability(row.id, session, clips, context);
    return availability.kind === "hidden" ? [] : [{ row, availability }];
  });
}
