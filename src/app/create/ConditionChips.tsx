import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as rules from "../../shared/create/condition-rules.ts";
import { hasVoxPersona } from "../../shared/song-menu/feature-permissions.ts";
import { useAccount } from "../account/session-store.ts";
import { useClips } from "../shell/clips-store.ts";
import { applyRule } from "./form-actions.ts";
import { useForm } from "./form-store.ts";

function ClipName({ id }: { readonly id: string }) {
  const { t } = useTranslation("create");
  const title = useClips((state) => state.byId[id]?.clip.title);
  return <>{title || t("conditionChips.yourSong")}</>;
}

function Chip({
  label,
  onRemove,
  testId,
}: {
  readonly label: ReactNode;
  readonly onRemove: () => void;
  readonly testId: string;
}) {
  const { t } = useTranslation("create");
  return (
    <span className="create-condition" data-testid={testId}>
      {label}
      <button
        type="button"
        className="create-icon-button"
        aria-label={t("conditionChips.remove")}
        onClick={onRemove}
      >
        ×
      </button>
    </span>
  );
}

/** "Extend from": where the extend starts, kept to the minimum and 0.04 s steps by the rule. */
function ExtendFrom({ clipId, startSeconds }: { readonly clipId: string; readonly startSeconds: number }) {
  const { t } = useTranslation("create");
  const duration = useClips((state) => state.byId[clipId]?.clip.metadata.duration ?? null);
  // Typed numbers are taken on Enter or when the field is left, then rounded by the rule.
  const commit = (text: string) => {
    const seconds = Number(text);
    if (text.trim() === "" || !Number.isFinite(seconds) || Math.abs(seconds - startSeconds) < 1e-9) return;
    applyRule((state, context) => rules.moveExtendStart(state, seconds, duration, context));
  };
  return (
    <label className="create-extend-from">
      {t("conditionChips.extendFrom")}
      <input
        type="number"
        min={0}
        max={duration ?? undefined}
        step={0.04}
        key={startSeconds}
        defaultValue={Number(startSeconds.toFixed(2))}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit(event.currentTarget.value);
        }}
      />
      {t("conditionChips.s")}
    </label>
  );
}

/** The conditions on the form, each removable. */
export function ConditionChips() {
  const { t } = useTranslation("create");
  const conditions = useForm((form) => form.global.conditions);
  const voxAvailable = useAccount((state) => state.session !== null && hasVoxPersona(state.session));
  if (conditions === undefined) return null;
  const { untimed, timed } = conditions;
  const chips: ReactNode[] = [];
  if (untimed.cover) {
    chips.push(
      <Chip
        key="cover"
        testId="condition-cover"
        label={
          <>
            {t("conditionChips.coverOf")} <ClipName id={untimed.cover.clipId} />
          </>
        }
        onRemove={() => applyRule(rules.clearCover)}
      />,
    );
  }
  if (timed) {
    const label =
      timed.type === "extend" ? (
        <>
          {t("conditionChips.extend")} <ClipName id={timed.clipId} />{" "}
          <ExtendFrom clipId={timed.clipId} startSeconds={timed.startSeconds} />
        </>
      ) : timed.type === "underpaint" ? (
        <>
          {t("conditionChips.addInstrumentalTo")} <ClipName id={timed.clipId} />
        </>
      ) : timed.type === "overpaint" ? (
        <>
          {t("conditionChips.addVocalsTo")} <ClipName id={timed.clipId} />
        </>
      ) : (
        <>
          {t("conditionChips.replaceASectionOf")} <ClipName id={timed.clipId} />
        </>
      );
    chips.push(
      <Chip
        key="timed"
        testId={`condition-${timed.type}`}
        label={label}
        onRemove={() => applyRule(rules.clearTimedCondition)}
      />,
    );
  }
  if (untimed.persona) {
    chips.push(
      <Chip
        key="persona"
        testId="condition-persona"
        label={
          <>
            {t("conditionChips.persona")} {untimed.persona.personaName}
            {voxAvailable && (
              <label className="create-vox-toggle">
                <input
                  type="checkbox"
                  checked={untimed.voxPersona?.enabled === true}
                  onChange={(event) => {
                    const enabled = event.target.checked;
                    applyRule((state, context) => rules.setVoxPersona(state, enabled, context));
                  }}
                />
                {t("conditionChips.voicePersona")}
              </label>
            )}
          </>
        }
        onRemove={() => applyRule(rules.clearPersona)}
      />,
    );
  }
  if (untimed.playlist) {
    chips.push(
      <Chip
        key="playlist"
        testId="condition-playlist"
        label={
          <>
            {t("conditionChips.inspiredBy")} {untimed.playlist.playlistName}
          </>
        }
        onRemove={() => applyRule(rules.clearPlaylist)}
      />,
    );
  }
  if (untimed.inspiration && untimed.inspiration.clipIds.length > 0) {
    chips.push(
      <Chip
        key="inspiration"
        testId="condition-inspiration"
        label={
          <>
            {untimed.inspiration.clipIds.length} {t("conditionChips.inspirationSongs")}
          </>
        }
        onRemove={() => applyRule((state, context) => rules.setInspirationClips(state, [], context))}
      />,
    );
  }
  if (untimed.sample && untimed.sample.clipIds.length > 0) {
    const count = untimed.sample.clipIds.length;
    chips.push(
      <Chip
        key="sample"
        testId="condition-sample"
        label={count === 1 ? t("conditionChips.n1SampledSong") : t("conditionChips.sampledSongs", { count })}
        onRemove={() => applyRule((state, context) => rules.setSampleClips(state, [], context))}
      />,
    );
  }
  if (chips.length === 0) return null;
  return <div className="create-chips">{chips}</div>;
}
