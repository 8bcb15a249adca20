import type { ReactNode } from "react";
import * as rules from "../../shared/create/condition-rules.ts";
import { hasVoxPersona } from "../../shared/song-menu/feature-permissions.ts";
import { useAccount } from "../account/session-store.ts";
import { useClips } from "../shell/clips-store.ts";
import { applyRule } from "./form-actions.ts";
import { useForm } from "./form-store.ts";

function ClipName({ id }: { readonly id: string }) {
  const title = useClips((state) => state.byId[id]?.clip.title);
  return <>{title || "your song"}</>;
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
  return (
    <span className="create-condition" data-testid={testId}>
      {label}
      <button type="button" className="create-icon-button" aria-label="Remove" onClick={onRemove}>
        ×
      </button>
    </span>
  );
}

/** "Extend from": where the extend starts, kept to the minimum and 0.04 s steps by the rule. */
function ExtendFrom({ clipId, startSeconds }: { readonly clipId: string; readonly startSeconds: number }) {
  const duration = useClips((state) => state.byId[clipId]?.clip.metadata.duration ?? null);
  // Typed numbers are taken on Enter or when the field is left, then rounded by the rule.
  const commit = (text: string) => {
    const seconds = Number(text);
    if (text.trim() === "" || !Number.isFinite(seconds) || Math.abs(seconds - startSeconds) < 1e-9) return;
    applyRule((state, context) => rules.moveExtendStart(state, seconds, duration, context));
  };
  return (
    <label className="create-extend-from">
      Extend from
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
      s
    </label>
  );
}

/** The conditions on the form, each removable. */
export function ConditionChips() {
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
            Cover of <ClipName id={untimed.cover.clipId} />
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
          Extend <ClipName id={timed.clipId} />{" "}
          <ExtendFrom clipId={timed.clipId} startSeconds={timed.startSeconds} />
        </>
      ) : timed.type === "underpaint" ? (
        <>
          Add instrumental to <ClipName id={timed.clipId} />
        </>
      ) : timed.type === "overpaint" ? (
        <>
          Add vocals to <ClipName id={timed.clipId} />
        </>
      ) : (
        <>
          Replace a section of <ClipName id={timed.clipId} />
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
            Persona: {untimed.persona.personaName}
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
                Voice persona
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
        label={<>Inspired by {untimed.playlist.playlistName}</>}
        onRemove={() => applyRule(rules.clearPlaylist)}
      />,
    );
  }
  if (untimed.inspiration && untimed.inspiration.clipIds.length > 0) {
    chips.push(
      <Chip
        key="inspiration"
        testId="condition-inspiration"
        label={<>{untimed.inspiration.clipIds.length} inspiration songs</>}
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
        label={count === 1 ? "1 sampled song" : `${count} sampled songs`}
        onRemove={() => applyRule((state, context) => rules.setSampleClips(state, [], context))}
      />,
    );
  }
  if (chips.length === 0) return null;
  return <div className="create-chips">{chips}</div>;
}
