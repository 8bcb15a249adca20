// The song menu's entries: what each is called, the group it shows in and its place. The menu
// draws them in this order, with a separator where the group changes.

export const MENU_GROUPS = [
  "open",
  "remix",
  "organize",
  "manage",
  "share",
  "make",
  "download",
  "toggles",
  "trash",
  "tools",
  "remove",
  "services",
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface MenuEntryRow {
  readonly id: MenuEntryId;
  readonly label: string;
  readonly group: MenuGroup;
  /** Offered for a selection of several songs (the others are for one song only). */
  readonly multi?: boolean;
  /** A small tag beside the label. */
  readonly tag?: "Pro";
  /** A toggle: shown with its state (checked or not). */
  readonly toggle?: boolean;
}

export const MENU_ENTRY_IDS = [
  "open_editor",
  "open_studio",
  "open_chat",
  "cover",
  "extend",
  "adjust_speed",
  "crop",
  "replace_section",
  "reuse",
  "get_full_song",
  "confirm_section",
  "merge_songs",
  "add_vocal",
  "add_instrumental",
  "get_stems",
  "add_to_queue",
  "add_to_playlist",
  "move_to_workspace",
  "publish",
  "song_details",
  "copy_link",
  "copy_link_at_time",
  "report",
  "share_to",
  "share_with_friends",
  "song_radio",
  "create_variations",
  "remaster",
  "make_persona",
  "use_persona",
  "download_mp3",
  "download_wav",
  "download_opus",
  "sample_pack",
  "download_video",
  "regenerate_video",
  "share_asset",
  "allow_comments",
  "allow_remixes",
  "pin_to_profile",
  "show_in_hooks_feed",
  "move_to_trash",
  "restore_from_trash",
  "restore_to_library",
  "describe_clip",
  "orpheus",
  "remove_from_playlist",
  "delete_permanently",
  "not_interested",
  "hire_editor",
] as const;
export type MenuEntryId = (typeof MENU_ENTRY_IDS)[number];

/** Every entry, in the menu's order. Labels that change with the song are in entryLabel. */
export const MENU_ENTRIES: readonly MenuEntryRow[] = [
  { id: "open_editor", label: "Open in Editor", group: "open" },
  { id: "open_studio", label: "Open in Studio", group: "open" },
  { id: "open_chat", label: "Open in Chat", group: "open" },
  { id: "cover", label: "Cover", group: "remix" },
  { id: "extend", label: "Extend", group: "remix" },
  { id: "adjust_speed", label: "Adjust Speed", group: "remix" },
  { id: "crop", label: "Crop", group: "remix" },
  { id: "replace_section", label: "Replace Section", group: "remix" },
  { id: "reuse", label: "Use Styles & Lyrics", group: "remix" },
  { id: "get_full_song", label: "Get Full Song", group: "remix" },
  { id: "confirm_section", label: "Confirm Section", group: "remix" },
  { id: "merge_songs", label: "Merge Songs", group: "remix", multi: true },
  { id: "add_vocal", label: "Add Vocal", group: "remix" },
  { id: "add_instrumental", label: "Add Instrumental", group: "remix" },
  { id: "get_stems", label: "Get Stems", group: "remix" },
  { id: "add_to_queue", label: "Add to Queue", group: "organize", multi: true },
  { id: "add_to_playlist", label: "Add to Playlist", group: "organize", multi: true },
  { id: "move_to_workspace", label: "Move to Workspace", group: "organize", multi: true },
  { id: "publish", label: "Publish", group: "manage" },
  { id: "song_details", label: "Song Details", group: "manage" },
  { id: "copy_link", label: "Copy Link", group: "share" },
  { id: "copy_link_at_time", label: "Copy Link at Current Time", group: "share" },
  { id: "report", label: "Report", group: "share" },
  { id: "share_to", label: "Share to...", group: "share" },
  { id: "share_with_friends", label: "Share with friends", group: "share" },
  { id: "song_radio", label: "Song Radio", group: "share" },
  { id: "create_variations", label: "Create Variations", group: "make" },
  { id: "remaster", label: "Remaster", group: "make", tag: "Pro" },
  { id: "make_persona", label: "Make Persona", group: "make" },
  { id: "use_persona", label: "Use Persona", group: "make" },
  { id: "download_mp3", label: "MP3 Audio", group: "download" },
  { id: "download_wav", label: "WAV Audio", group: "download" },
  { id: "download_opus", label: "Opus Audio", group: "download" },
  { id: "sample_pack", label: "Sample Pack", group: "download" },
  { id: "download_video", label: "Video", group: "download" },
  { id: "regenerate_video", label: "Regenerate Video", group: "download" },
  { id: "share_asset", label: "Share Asset", group: "download" },
  { id: "allow_comments", label: "Allow Comments", group: "toggles", toggle: true },
  { id: "allow_remixes", label: "Allow Remixes", group: "toggles", toggle: true },
  { id: "pin_to_profile", label: "Pin to Profile", group: "toggles", toggle: true },
  { id: "show_in_hooks_feed", label: "Show in Hooks Feed", group: "toggles", toggle: true },
  { id: "move_to_trash", label: "Move to Trash", group: "trash", multi: true },
  { id: "restore_from_trash", label: "Restore from Trash", group: "trash", multi: true },
  { id: "restore_to_library", label: "Restore to Library", group: "trash", multi: true },
  { id: "describe_clip", label: "Describe Clip", group: "tools" },
  { id: "orpheus", label: "Orpheus", group: "tools" },
  { id: "remove_from_playlist", label: "Remove from Playlist", group: "remove", multi: true },
  { id: "delete_permanently", label: "Delete Permanently", group: "remove", multi: true },
  { id: "not_interested", label: "Not Interested", group: "remove" },
  { id: "hire_editor", label: "Hire an Editor", group: "services" },
];

const BY_ID = new Map(MENU_ENTRIES.map((row) => [row.id, row]));

/** An entry's row by its id. */
export function menuRow(id: MenuEntryId): MenuEntryRow {
  const row = BY_ID.get(id);
  if (row === undefined) throw new Error(`No song menu entry ${id}`);
  return row;
}

/** Persona names in menus are cut at 20 characters, with an ellipsis. */
export const PERSONA_NAME_MENU_MAX = 20;

export function shortPersonaName(name: string): string {
  return name.length > PERSONA_NAME_MENU_MAX ? `${name.slice(0, PERSONA_NAME_MENU_MAX)}…` : name;
}

interface LabelledSong {
  readonly is_public: boolean;
  readonly persona: { readonly name: string | null } | null;
}

/** The words an entry shows for a song: its own, or the variant the song calls for. */
export type EntryWording =
  | { readonly kind: MenuEntryId }
  | { readonly kind: "unpublish" | "get_stems_midi" }
  | { readonly kind: "use_persona"; readonly name: string };

/**
 * Which words an entry shows for this song: Unpublish for a public song's Publish, Use {persona}
 * with the persona's short name, Get Stems / MIDI with the studio. The pages speak them in the
 * shown language by this kind.
 */
export function entryWording(row: MenuEntryRow, clip: LabelledSong, studioAvailable: boolean): EntryWording {
  switch (row.id) {
    case "publish":
      return { kind: clip.is_public ? "unpublish" : "publish" };
    case "use_persona":
      return { kind: "use_persona", name: shortPersonaName(clip.persona?.name ?? "Persona") };
    case "get_stems":
      return { kind: studioAvailable ? "get_stems_midi" : "get_stems" };
    default:
      return { kind: row.id };
  }
}

/** The variants' English words, beside the rows' own. */
const VARIANT_LABELS = { unpublish: "Unpublish", get_stems_midi: "Get Stems / MIDI" } as const;

/** The labels that follow the song, in English: Publish or Unpublish, Use {persona}, Get Stems / MIDI with the studio. */
export function entryLabel(row: MenuEntryRow, clip: LabelledSong, studioAvailable: boolean): string {
  const wording = entryWording(row, clip, studioAvailable);
  if ("name" in wording) return `Use ${wording.name}`;
  return wording.kind === "unpublish" || wording.kind === "get_stems_midi"
    ? VARIANT_LABELS[wording.kind]
    : row.label;
}

/**
 * The reasons the Report entry offers: the flagged_reason each sends for staff to review, and the
 * feedback reason it adds to the viewer's own reaction to the song.
 */
export const REPORT_REASONS = [
  { reason: "flag_inappropriate", feedback: "inappropriate", label: "Inappropriate" },
  { reason: "flag_bug", feedback: "bug", label: "Bug" },
  { reason: "flag_copyright", feedback: "copyright", label: "Copyright Infringement" },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["reason"];
