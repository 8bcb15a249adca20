import type { Clip } from "../../shared/api/clips.ts";
import { canTrash } from "../../shared/library/trash-rules.ts";
import { useAccount } from "../account/session-store.ts";
import { downloadMp3, downloadSamplePack, downloadWav } from "../clip-actions/clip-downloads.ts";
import { hireEditor } from "../clip-actions/HireEditorModal.tsx";
import { describeClip, orpheus } from "../clip-actions/navigation.ts";
import { confirmSection, createVariations, getFullSong } from "../clip-actions/new-songs.ts";
import { openRemaster } from "../clip-actions/remaster.ts";
import { openStems } from "../clip-actions/stem-files.ts";
import { trashSongs } from "../library/trash-actions.ts";
import { navigate } from "../router/history-router.ts";
import { openModal } from "../shell/modal-store.ts";
import { chatPathFor, type RemixType } from "./create-query.ts";
import { remixClip } from "./form-actions.ts";
import { MenuButton } from "./MenuButton.tsx";
import {
  adjustSpeedGate,
  confirmSectionGate,
  describeGate,
  fullSongGate,
  hireEditorGate,
  type MenuGate,
  makePersonaGate,
  paintingGate,
  remasterGate,
  samplePackGate,
  stemsGate,
  stemsLabel,
  variationsGate,
  wavDownloadGate,
} from "./song-menu-rules.ts";
import {
  openPaintingUpsell,
  openPersonaUpsell,
  openRemasterUpsell,
  openStemsUpsell,
  openWavUpsell,
} from "./upsells.ts";

interface MenuItem {
  readonly label: string;
  readonly gate: MenuGate;
  readonly run: () => void;
  /** What a dimmed item opens instead. */
  readonly upsell?: () => void;
}

const ALLOWED: MenuGate = { kind: "allowed" };
const HIDDEN: MenuGate = { kind: "hidden" };

const REMIX_ITEMS: readonly { readonly type: RemixType; readonly label: string }[] = [
  { type: "cover", label: "Cover" },
  { type: "extend", label: "Extend" },
  { type: "reuse", label: "Use Styles & Lyrics" },
];

const PAINTING_ITEMS: readonly { readonly type: RemixType; readonly label: string }[] = [
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
  const items: MenuItem[] = [
    ...REMIX_ITEMS.map((item) => ({
      label: item.label,
      gate: ALLOWED,
      run: () => remixClip(clip, item.type),
    })),
    ...PAINTING_ITEMS.map((item) => ({
      label: item.label,
      gate: paintingGate(session),
      run: () => remixClip(clip, item.type),
      upsell: openPaintingUpsell,
    })),
    { label: "Get Full Song", gate: fullSongGate(clip, session), run: () => void getFullSong(clip) },
    {
      label: "Confirm Section",
      gate: confirmSectionGate(clip, session),
      run: () => void confirmSection(clip),
    },
    {
      label: stemsLabel(session),
      gate: stemsGate(clip, session),
      run: () => openStems(clip, { midi: stemsLabel(session) !== "Get Stems" }),
      upsell: openStemsUpsell,
    },
    { label: "Adjust Speed", gate: adjustSpeedGate(clip), run: () => remixClip(clip, "speed") },
    {
      label: "Make Persona",
      gate: makePersonaGate(clip, session),
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
    {
      label: "Create Variations",
      gate: variationsGate(clip, session),
      run: () => void createVariations(clip),
    },
    {
      label: "Remaster",
      gate: remasterGate(clip, session),
      run: () => openRemaster(clip),
      upsell: openRemasterUpsell,
    },
    { label: "MP3 Audio", gate: ALLOWED, run: () => void downloadMp3(clip) },
    {
      label: "WAV Audio",
      gate: wavDownloadGate(session),
      run: () => void downloadWav(clip),
      upsell: openWavUpsell,
    },
    { label: "Sample Pack", gate: samplePackGate(clip, session), run: () => void downloadSamplePack(clip) },
    { label: "Describe Clip", gate: describeGate(clip, session), run: () => describeClip(clip) },
    { label: "Orpheus", gate: ALLOWED, run: () => orpheus(clip) },
    { label: "Hire an Editor", gate: hireEditorGate(clip, session), run: () => hireEditor(clip) },
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
