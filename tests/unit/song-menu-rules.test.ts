// The song menu's table: every entry against owner / other / staff / signed out, tiers, flags,
// statuses, the trash, sections (infill), stems, contests, long songs, uploads and selections.

import { describe, expect, it } from "vitest";
import type { Session } from "../../src/shared/api/accounts.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { MERGE_TOO_MANY } from "../../src/shared/clip-actions/merge-rules.ts";
import { CANNOT_ADJUST_SPEED } from "../../src/shared/create/form-validity.ts";
import {
  entryAvailability,
  menuEntries,
  remasterVariant,
} from "../../src/shared/song-menu/menu-availability.ts";
import {
  type Availability,
  CONTEST_COVER_OWNER_ONLY,
  CONTEST_REMIXES_LOCKED,
  type MenuContext,
  NOT_COMPLETE,
  OWNER_ONLY,
  PERSONA_FROM_UPLOAD_DISABLED,
  REMASTER_CONTEST,
  REMASTER_SECTION,
  REMASTER_TOO_LONG,
} from "../../src/shared/song-menu/menu-context.ts";
import {
  entryLabel,
  MENU_ENTRIES,
  MENU_ENTRY_IDS,
  type MenuEntryId,
  menuRow,
  shortPersonaName,
} from "../../src/shared/song-menu/menu-entries.ts";
import { OWNER, testSession } from "../test-session.ts";
import { libraryClip } from "./library-fixtures.ts";

const OTHER = "5a0c1f4e-0000-4000-8000-000000000002";

const pro = (overrides: Partial<Session> = {}) => testSession(overrides);
const free = (overrides: Partial<Session> = {}) =>
  testSession({ userPlanKey: "free", roles: { pro: false }, ...overrides });
const other = (overrides: Partial<Session> = {}) =>
  testSession({ user: { id: OTHER, handle: "other" }, userId: OTHER, ...overrides });
const staff = () => other({ isStaff: true });
const signedOut = () => testSession({ user: null, userId: null, userPlanKey: "free", roles: { pro: false } });

function clip(overrides: Partial<Clip> = {}, metadata: Partial<Clip["metadata"]> = {}): Clip {
  return libraryClip(
    1,
    { user_id: OWNER, title: "Song", is_public: true, model_name: "chirp-v4-5", ...overrides },
    { duration: 120, ...metadata },
  );
}

const LIBRARY: MenuContext = { place: "library" };

const kind = (
  id: MenuEntryId,
  session: Session,
  clips: Clip | readonly Clip[] = clip(),
  context: MenuContext = LIBRARY,
) => entryAvailability(id, session, Array.isArray(clips) ? clips : [clips as Clip], context).kind;

const of = (
  id: MenuEntryId,
  session: Session,
  clips: Clip | readonly Clip[] = clip(),
  context: MenuContext = LIBRARY,
): Availability => entryAvailability(id, session, Array.isArray(clips) ? clips : [clips as Clip], context);

describe("the table", () => {
  it("has every entry once, in the menu's order", () => {
    expect(MENU_ENTRIES.map((row) => row.id)).toEqual([...MENU_ENTRY_IDS]);
    expect(MENU_ENTRIES.map((row) => row.label).slice(0, 3)).toEqual([
      "Open in Editor",
      "Open in Studio",
      "Open in Chat",
    ]);
    expect(MENU_ENTRIES.at(-1)?.label).toBe("Hire an Editor");
  });

  it("keeps each group together", () => {
    const seen = new Set<string>();
    let previous = "";
    for (const row of MENU_ENTRIES) {
      if (row.group !== previous) {
        expect(seen.has(row.group), row.group).toBe(false);
        seen.add(row.group);
        previous = row.group;
      }
    }
  });

  it("labels Publish/Unpublish, Use {persona} cut at 20 and Get Stems / MIDI with the studio", () => {
    expect(entryLabel(menuRow("publish"), clip({ is_public: false }), false)).toBe("Publish");
    expect(entryLabel(menuRow("publish"), clip({ is_public: true }), false)).toBe("Unpublish");
    expect(shortPersonaName("A very long persona name indeed")).toBe("A very long persona …");
    expect(shortPersonaName("Short")).toBe("Short");
    const persona = {
      id: "p",
      name: "Twenty characters!!!",
      is_public: true,
      is_owned: true,
      root_clip_id: null,
      image_s3_id: null,
    };
    expect(entryLabel(menuRow("use_persona"), clip({ persona }), false)).toBe("Use Twenty characters!!!");
    expect(entryLabel(menuRow("get_stems"), clip(), false)).toBe("Get Stems");
    expect(entryLabel(menuRow("get_stems"), clip(), true)).toBe("Get Stems / MIDI");
  });

  it("names the remaster variant by model", () => {
    expect(remasterVariant({ model_name: "chirp-v4" })).toBe("v4");
    expect(remasterVariant({ model_name: "chirp-v3-5" })).toBe("v4");
    expect(remasterVariant({ model_name: "chirp-v4-5" })).toBe("v4.5+");
    expect(remasterVariant({ model_name: "chirp-v4-5-plus" })).toBe("v4.5+");
    expect(remasterVariant({ model_name: "chirp-crow" })).toBe("v4.5+");
  });
});

describe("owner, other user, staff and signed out", () => {
  const OWNER_ONLY_ENTRIES: MenuEntryId[] = [
    "open_studio",
    "crop",
    "replace_section",
    "get_stems",
    "move_to_workspace",
    "publish",
    "song_details",
    "create_variations",
    "make_persona",
    "regenerate_video",
    "allow_comments",
    "allow_remixes",
    "pin_to_profile",
    "move_to_trash",
  ];

  it("offers the owner's entries to the owner only", () => {
    for (const id of OWNER_ONLY_ENTRIES) {
      expect(kind(id, pro()), id).toBe("shown");
      expect(kind(id, other()), id).toBe("hidden");
      expect(kind(id, signedOut()), id).toBe("hidden");
    }
  });

  it("lets staff open the editor on any song and see WAV and Share Asset", () => {
    expect(kind("open_editor", pro())).toBe("shown");
    expect(kind("open_editor", other())).toBe("hidden");
    expect(kind("open_editor", staff())).toBe("shown");
    expect(kind("download_wav", other())).toBe("hidden");
    expect(kind("download_wav", staff())).toBe("shown");
    expect(kind("share_asset", pro())).toBe("hidden");
    expect(kind("share_asset", staff())).toBe("shown");
  });

  it("gives others remixes, reports and links of a public song, and no report of one's own", () => {
    for (const id of [
      "cover",
      "extend",
      "reuse",
      "open_chat",
      "copy_link",
      "share_to",
      "song_radio",
    ] as const) {
      expect(kind(id, other()), id).toBe("shown");
    }
    expect(kind("report", other())).toBe("shown");
    expect(kind("report", pro())).toBe("hidden");
    expect(kind("report", signedOut())).toBe("hidden");
  });

  it("gives the signed out only the links, the radio and the queue", () => {
    const shown = menuEntries(signedOut(), [clip()], LIBRARY).map((entry) => entry.row.id);
    expect(shown).toEqual(["add_to_queue", "copy_link", "share_to", "song_radio"]);
  });

  it("hides remixes from others when the owner turned them off", () => {
    const closed = clip({}, { can_remix: false });
    expect(kind("cover", other(), closed)).toBe("hidden");
    expect(kind("cover", pro(), closed)).toBe("shown");
  });

  it("describes only the owner's songs", () => {
    expect(kind("describe_clip", pro())).toBe("shown");
    expect(of("describe_clip", other())).toEqual({ kind: "disabled", reason: OWNER_ONLY });
  });
});

describe("tiers and feature permissions", () => {
  const PAID: [MenuEntryId, string][] = [
    ["open_editor", "EditMode"],
    ["open_studio", "Studio"],
    ["crop", "EditMode"],
    ["replace_section", "EditMode"],
    ["add_vocal", "AddVocalInstrumental"],
    ["add_instrumental", "AddVocalInstrumental"],
    ["get_stems", "GetStems"],
    ["create_variations", "VariationRemaster"],
    ["make_persona", "Persona"],
    ["download_wav", "DownloadWav"],
    ["regenerate_video", "GenerateSongVideo"],
  ];

  it("opens an upsell for a free plan, and the feature for Pro, Premier, staff and skip-paywall", () => {
    for (const [id, feature] of PAID) {
      expect(of(id, free()), id).toEqual({ kind: "upsell", feature });
      expect(kind(id, pro()), id).toBe("shown");
      expect(kind(id, pro({ userPlanKey: "premier" })), id).toBe("shown");
      expect(kind(id, free({ isStaff: true })), id).toBe("shown");
      expect(kind(id, free({ flags: { "skip-paywall": true } })), id).toBe("shown");
    }
  });

  it("opens the studio for a free plan with the studio flag", () => {
    expect(kind("open_studio", free({ flags: { studio: true } }))).toBe("shown");
  });

  it("leaves the free entries free", () => {
    for (const id of [
      "cover",
      "extend",
      "reuse",
      "publish",
      "song_details",
      "download_mp3",
      "download_opus",
      "pin_to_profile",
    ] as const) {
      expect(kind(id, free()), id).toBe("shown");
    }
  });
});

describe("Merge Songs", () => {
  it("offers a selection of the owner's finished songs, never one song or others' songs", () => {
    const two = [clip(), clip({ id: "second" })];
    expect(kind("merge_songs", pro(), clip())).toBe("hidden");
    expect(kind("merge_songs", pro(), two)).toBe("shown");
    expect(kind("merge_songs", other(), two)).toBe("hidden");
    expect(kind("merge_songs", signedOut(), two)).toBe("hidden");
    expect(kind("merge_songs", pro(), [clip(), clip({ id: "t", is_trashed: true })])).toBe("hidden");
    expect(of("merge_songs", pro(), [clip(), clip({ id: "s", status: "streaming" })])).toEqual({
      kind: "disabled",
      reason: NOT_COMPLETE,
    });
    const eleven = Array.from({ length: 11 }, (_, i) => clip({ id: `m${i}` }));
    expect(of("merge_songs", pro(), eleven)).toEqual({ kind: "disabled", reason: MERGE_TOO_MANY });
  });
});

describe("flags", () => {
  const FLAGGED: [MenuEntryId, string, Partial<Clip>?][] = [
    ["remaster", "remaster-modal"],
    ["sample_pack", "download-sample-pack"],
    ["hire_editor", "enable-marketplace"],
    ["share_with_friends", "enable-sharelist-and-share-notifications"],
    ["show_in_hooks_feed", "web-hooks-2025", { video_cover_url: "/api/media/clips/x/video_cover.mp4" }],
  ];

  it("offers Show in Hooks Feed for a song's video cover, not for its rendered video", () => {
    const hooks = pro({ flags: { "web-hooks-2025": true } });
    expect(kind("show_in_hooks_feed", hooks, clip({ video_url: "/api/media/clips/x/video.mp4" }))).toBe(
      "hidden",
    );
    expect(
      kind("show_in_hooks_feed", hooks, clip({ video_cover_url: "/api/media/clips/x/video_cover.mp4" })),
    ).toBe("shown");
  });

  it("hides each flagged entry until its flag is on", () => {
    for (const [id, flag, overrides] of FLAGGED) {
      expect(kind(id, pro(), clip(overrides)), id).toBe("hidden");
      expect(kind(id, pro({ flags: { [flag]: true } }), clip(overrides)), id).toBe("shown");
    }
  });

  it("blocks others' downloads of a contest song while remix-contest-disable-downloads is on", () => {
    const blocked = clip({ download_disabled_reason: "Downloads are closed during the contest" });
    expect(kind("download_mp3", other(), blocked)).toBe("shown");
    expect(
      of("download_mp3", other({ flags: { "remix-contest-disable-downloads": true } }), blocked),
    ).toEqual({
      kind: "disabled",
      reason: "Downloads are closed during the contest",
    });
    expect(
      of("download_opus", other({ flags: { "remix-contest-disable-downloads": true } }), blocked).kind,
    ).toBe("disabled");
    // The owner downloads their own.
    expect(kind("download_mp3", pro({ flags: { "remix-contest-disable-downloads": true } }), blocked)).toBe(
      "shown",
    );
  });
});

describe("statuses", () => {
  const NEEDS_COMPLETE: MenuEntryId[] = [
    "open_editor",
    "open_studio",
    "open_chat",
    "cover",
    "extend",
    "reuse",
    "crop",
    "get_stems",
    "add_to_playlist",
    "publish",
    "create_variations",
    "make_persona",
    "download_mp3",
    "download_wav",
    "download_opus",
    "pin_to_profile",
    "describe_clip",
  ];

  it("disables most entries until the song is complete", () => {
    for (const status of ["queued", "submitted", "streaming", "error"] as const) {
      for (const id of NEEDS_COMPLETE) {
        expect(of(id, pro(), clip({ status })), `${id} ${status}`).toEqual({
          kind: "disabled",
          reason: NOT_COMPLETE,
        });
      }
    }
  });

  it("queues a song that plays: streaming or complete", () => {
    expect(kind("add_to_queue", pro(), clip({ status: "streaming" }))).toBe("shown");
    expect(kind("add_to_queue", pro(), clip({ status: "complete" }))).toBe("shown");
    expect(kind("add_to_queue", pro(), clip({ status: "submitted" }))).toBe("disabled");
  });

  it("still edits the details and comments of a song that is not finished", () => {
    expect(kind("song_details", pro(), clip({ status: "streaming" }))).toBe("shown");
    expect(kind("allow_comments", pro(), clip({ status: "streaming" }))).toBe("shown");
  });
});

describe("the trash", () => {
  const trashed = clip({ is_trashed: true });

  it("offers only Restore and Delete Permanently for a trashed song", () => {
    const inTrash = menuEntries(pro(), [trashed], { place: "trash" }).map((entry) => entry.row.id);
    expect(inTrash).toEqual(["restore_from_trash", "delete_permanently"]);
    const elsewhere = menuEntries(pro(), [trashed], { place: "song" }).map((entry) => entry.row.id);
    expect(elsewhere).toEqual(["restore_to_library", "delete_permanently"]);
  });

  it("deletes permanently only complete songs, and restores only one's own", () => {
    expect(
      kind("delete_permanently", pro(), clip({ is_trashed: true, status: "error" }), { place: "trash" }),
    ).toBe("hidden");
    expect(kind("restore_from_trash", other(), trashed, { place: "trash" })).toBe("hidden");
  });
});

describe("sections (infill), stems and full songs", () => {
  const section = clip({}, { infill: true });
  const stem = clip({}, { type: "stem" });
  const extended = clip({}, { history: [{ id: "a", type: "gen" }] });

  it("confirms a section, never remasters, varies or makes a persona of one", () => {
    expect(kind("confirm_section", pro(), section)).toBe("shown");
    expect(kind("confirm_section", pro())).toBe("hidden");
    expect(kind("confirm_section", other(), section)).toBe("hidden");
    expect(of("remaster", pro({ flags: { "remaster-modal": true } }), section)).toEqual({
      kind: "disabled",
      reason: REMASTER_SECTION,
    });
    expect(kind("create_variations", pro(), section)).toBe("hidden");
    expect(kind("make_persona", pro(), section)).toBe("hidden");
    expect(kind("get_full_song", pro(), clip({}, { infill: true, history: [{ id: "a" }] }))).toBe("hidden");
  });

  it("gets the full song of the owner's extended song, not of a stem", () => {
    expect(kind("get_full_song", pro(), extended)).toBe("shown");
    expect(kind("get_full_song", pro())).toBe("hidden");
    expect(kind("get_full_song", other(), extended)).toBe("hidden");
    expect(kind("get_full_song", pro(), clip({}, { type: "stem", history: [{ id: "a" }] }))).toBe("hidden");
  });

  it("neither splits a stem nor makes a persona of one", () => {
    expect(kind("get_stems", pro(), stem)).toBe("hidden");
    expect(kind("make_persona", pro(), stem)).toBe("hidden");
  });
});

describe("remaster", () => {
  const flagged = (overrides: Partial<Session> = {}) =>
    pro({ flags: { "remaster-modal": true }, ...overrides });

  it("is the owner's, with its reasons when it cannot be", () => {
    expect(kind("remaster", flagged())).toBe("shown");
    expect(of("remaster", other({ flags: { "remaster-modal": true } }))).toEqual({
      kind: "disabled",
      reason: OWNER_ONLY,
    });
    expect(of("remaster", flagged(), clip({}, { duration: 961 }))).toEqual({
      kind: "disabled",
      reason: REMASTER_TOO_LONG,
    });
    expect(kind("remaster", flagged(), clip({}, { duration: 960 }))).toBe("shown");
    expect(of("remaster", flagged(), clip({ is_contest_base_clip: true }))).toEqual({
      kind: "disabled",
      reason: REMASTER_CONTEST,
    });
    expect(kind("remaster", flagged(), clip({ is_trashed: true }))).toBe("hidden");
  });

  it("opens the upsell without the Remaster feature", () => {
    expect(of("remaster", free({ flags: { "remaster-modal": true } }))).toEqual({
      kind: "upsell",
      feature: "Remaster",
    });
  });

  it("marks itself Pro", () => {
    expect(MENU_ENTRIES.find((row) => row.id === "remaster")?.tag).toBe("Pro");
  });
});

describe("contests", () => {
  const contest = clip({ is_contest_clip: true });

  it("locks Allow Remixes on a contest song", () => {
    expect(of("allow_remixes", pro(), contest)).toEqual({ kind: "disabled", reason: CONTEST_REMIXES_LOCKED });
  });

  it("lets only the owner (or staff) cover a contest song", () => {
    expect(kind("cover", pro(), contest)).toBe("shown");
    expect(of("cover", other(), contest)).toEqual({ kind: "disabled", reason: CONTEST_COVER_OWNER_ONLY });
    expect(kind("cover", staff(), contest)).toBe("shown");
  });
});

describe("uploads and speed", () => {
  it("refuses Adjust Speed for uploads and songs with vocals", () => {
    expect(of("adjust_speed", pro(), clip({}, { type: "upload" }))).toEqual({
      kind: "disabled",
      reason: CANNOT_ADJUST_SPEED,
    });
    expect(kind("adjust_speed", pro(), clip({}, { has_vocal: true }))).toBe("disabled");
    expect(kind("adjust_speed", pro(), clip({}, { has_vocal: false }))).toBe("shown");
  });

  it("makes personas of uploads only with the flag or staff", () => {
    const upload = clip({}, { type: "upload" });
    expect(of("make_persona", pro(), upload)).toEqual({
      kind: "disabled",
      reason: PERSONA_FROM_UPLOAD_DISABLED,
    });
    expect(kind("make_persona", pro({ flags: { "personas-audio-upload": true } }), upload)).toBe("shown");
    expect(kind("make_persona", pro({ isStaff: true }), upload)).toBe("shown");
  });

  it("makes no second persona of a persona song, but may of its crop", () => {
    const persona = {
      id: "p",
      name: "Voice",
      is_public: false,
      is_owned: true,
      root_clip_id: null,
      image_s3_id: null,
    };
    expect(kind("make_persona", pro(), clip({ persona }))).toBe("hidden");
    expect(kind("make_persona", pro(), clip({ persona }, { type: "edit_crop" }))).toBe("shown");
  });
});

describe("personas in use", () => {
  const persona = (is_public: boolean) => ({
    id: "p",
    name: "Voice",
    is_public,
    is_owned: false,
    root_clip_id: null,
    image_s3_id: null,
  });

  it("uses a public persona of a public song, or the owner's own", () => {
    expect(kind("use_persona", other(), clip({ persona: persona(true) }))).toBe("shown");
    expect(kind("use_persona", other(), clip({ persona: persona(false) }))).toBe("hidden");
    expect(kind("use_persona", pro(), clip({ persona: persona(false), is_public: false }))).toBe("shown");
    expect(
      of("use_persona", free({ user: { id: OTHER, handle: "o" } }), clip({ persona: persona(true) })),
    ).toEqual({
      kind: "upsell",
      feature: "Persona",
    });
  });
});

describe("places and selections", () => {
  it("offers Not Interested to others on the on-repeat list and the recommendation sections", () => {
    expect(kind("not_interested", other(), clip(), { place: "on_repeat" })).toBe("shown");
    expect(kind("not_interested", other(), clip(), { place: "feed", section: "new_songs_for_you" })).toBe(
      "shown",
    );
    expect(kind("not_interested", other(), clip(), { place: "feed", section: "featured_feed_for_you" })).toBe(
      "shown",
    );
    expect(kind("not_interested", other(), clip(), { place: "feed", section: "trending" })).toBe("hidden");
    expect(kind("not_interested", other(), clip(), LIBRARY)).toBe("hidden");
    expect(kind("not_interested", signedOut(), clip(), { place: "on_repeat" })).toBe("hidden");
  });

  it("removes from the viewer's own playlist only", () => {
    expect(kind("remove_from_playlist", pro(), clip(), { place: "playlist", ownsPlaylist: true })).toBe(
      "shown",
    );
    expect(kind("remove_from_playlist", pro(), clip(), { place: "playlist", ownsPlaylist: false })).toBe(
      "hidden",
    );
    expect(kind("remove_from_playlist", pro(), clip(), LIBRARY)).toBe("hidden");
  });

  it("copies a link at the current time only where there is one", () => {
    expect(kind("copy_link_at_time", other())).toBe("hidden");
    expect(kind("copy_link_at_time", other(), clip(), { place: "song", hasCurrentTime: true })).toBe("shown");
    expect(kind("copy_link", other(), clip({ is_public: false }))).toBe("hidden");
  });

  it("offers a selection of several songs only the entries for many", () => {
    const two = [clip(), libraryClip(2, { user_id: OWNER, model_name: "chirp-v4-5" })];
    const shown = menuEntries(pro(), two, LIBRARY).map((entry) => entry.row.id);
    expect(shown).toEqual([
      "merge_songs",
      "add_to_queue",
      "add_to_playlist",
      "move_to_workspace",
      "move_to_trash",
    ]);
    const mixed = [clip(), libraryClip(3, { user_id: OTHER })];
    expect(kind("move_to_trash", pro(), mixed)).toBe("hidden");
    expect(kind("move_to_workspace", pro(), mixed)).toBe("hidden");
  });

  it("offers nothing for an empty selection", () => {
    expect(menuEntries(pro(), [], LIBRARY)).toEqual([]);
  });
});

describe("variations", () => {
  it("takes v4.5, v4.5+ and unnamed models only", () => {
    for (const model of ["chirp-v4-5", "chirp-v4-5-plus", ""]) {
      expect(kind("create_variations", pro(), clip({ model_name: model })), model).toBe("shown");
    }
    expect(kind("create_variations", pro(), clip({ model_name: "chirp-v4" }))).toBe("hidden");
    expect(kind("create_variations", pro(), clip({ model_name: "chirp-crow" }))).toBe("hidden");
  });
});
