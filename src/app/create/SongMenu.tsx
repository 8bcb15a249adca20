import type { Clip } from "../../shared/api/clips.ts";
import { canTrash } from "../../shared/library/trash-rules.ts";
import { type Availability, entryAvailability } from "../../shared/song-menu/menu-availability.ts";
import type { MenuEntryId } from "../../shared/song-menu/menu-entries.ts";
import { useAccount } from "../account/session-store.ts";
import { trashSongs } from "../library/trash-actions.ts";
import { navigate } from "../router/history-router.ts";
import { openModal } from "../shell/modal-store.ts";
import { downloadMp3, downloadWav } from "./clip-downloads.ts";
import { chatPathFor, type RemixType } from "./create-query.ts";
import { remixClip } from "./form-actions.ts";
import { MenuButton } from "./MenuButton.tsx";
import { openPaintingUpsell, openPersonaUpsell, openWavUpsell } from "./upsells.ts";

type MenuGate = Availability;

interface MenuItem {
  readonly label: string;
  readonly gate: MenuGate;
  readonly run: () => void;
  /** What a dimmed item opens instead. */
  readonly upsell?: () => void;
}

const ALLOWED: MenuGate = { kind: "shown" };
const HIDDEN: MenuGate = { kind: "hidden" };

const REMIX_ITEMS: readonly { readonly type: RemixType; readonly label: string }[] = [
  { type: "cover", label: "Cover" },
  { type: "extend", label: "Extend" },
  { type: "reuse", label: "Use Styles & Lyrics" },
];

const PAINTING_ITEMS: readonly { readonly type: "add_vocal" | "add_instrumental"; readonly label: string }[] =
  [
    { type: "add_vocal", label: "Add Vocal" },
    { type: "add_instrumental", label: "Add Instrumental" },
  ];

/**
 * A finished song's menu on the create page: remixes (with vocals or instrumental added, and speed),
 * Make Persona, the studio, downloads.
 */
export function SongMenu({ clip }: { readonly clip: Clip }) {
  const session = useAccount((state) => state.session);
  if (session === null) return null;
  const title = clip.title || "Untitled";
  const gate = (id: MenuEntryId) => entryAvailability(id, session, [clip], { place: "create" });
  const items: MenuItem[] = [
    ...REMIX_ITEMS.map((item) => ({
      label: item.label,
      gate: ALLOWED,
      run: () => remixClip(clip, item.type),
    })),
    ...PAINTING_ITEMS.map((item) => ({
      label: item.label,
      gate: gate(item.type),
      run: () => remixClip(clip, item.type),
      upsell: openPaintingUpsell,
    })),
    { label: "Adjust Speed", gate: gate("adjust_speed"), run: () => remixClip(clip, "speed") },
    {
      label: "Make Persona",
      gate: gate("make_persona"),
      run: () => openModal({ kind: "createPersona", baseClipId: clip.id }),
      upsell: openPersonaUpsell,
    },
    {
      label: "Open in Chat",
      gate: ALLOWED,
      run: () => navigate(chatPathFor(window.location.search, clip.id)),
    },
    {
      label: "Open in Studio",
      gate: ALLOWED,
      run: () => navigate(`/studio?for_clip_id=${encodeURIComponent(clip.id)}`),
    },
    { label: "MP3 Audio", gate: ALLOWED, run: () => void downloadMp3(clip) },
    {
      label: "WAV Audio",
      gate: gate("download_wav"),
      run: () => void downloadWav(clip),
      upsell: openWavUpsell,
    },
    {
      label: "Move to Trash",
      gate: session.user !== null && canTrash([clip], session.user.id) ? ALLOWED : HIDDEN,
      run: () => void trashSongs([clip], true),
    },
  ];
  return (
    <MenuButton
      buttonClassName="create-small-button"
      buttonLabel={`More actions: ${title}`}
      buttonText="⋯"
      menuLabel={`${title} actions`}
      testId="song-menu"
      entries={items.flatMap((item) =>
        item.gate.kind === "hidden"
          ? []
          : [
              {
                label: item.label,
                dimmed: item.gate.kind === "upsell",
                disabledReason: item.gate.kind === "disabled" ? item.gate.reason : undefined,
                choose: item.gate.kind === "upsell" ? () => item.upsell?.() : item.run,
              },
            ],
      )}
    />
  );
}
