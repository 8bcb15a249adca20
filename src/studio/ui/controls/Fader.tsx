// The studio's fader: drag to change (with pointer lock, so long drags do not run
// off the screen), double-click to reset, value clamped 0..1, travel shaped by the fader law.

import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from "react";
import {
  amplitudeToFaderPosition,
  faderPositionToAmplitude,
  linearToDb,
} from "../../../shared/meter-scale.ts";
import { clamp01 } from "../../../shared/numbers.ts";
import { LevelMeter } from "./LevelMeter.tsx";

interface FaderProps {
  readonly label: string;
  /** Linear gain, 0..1. */
  readonly value: number;
  readonly defaultValue?: number;
  readonly onChange: (value: number) => void;
  /** A drag (or a reset) starts and ends: one undo step. */
  readonly onGestureStart?: () => void;
  readonly onGestureEnd?: () => void;
  /** Escape during a drag: the drag is abandoned, back to the value it started from. */
  readonly onGestureCancel?: () => void;
  /** Shows the level of this track (or the master's, with "master"). */
  readonly meter?: { readonly trackId?: string } | null;
  readonly testId?: string;
}

export function formatGain(amplitude: number): string {
  const db = linearToDb(amplitude);
  return Number.isFinite(db) ? `${db > 0 ? "+" : ""}${db.toFixed(1)} dB` : "-∞ dB";
}

/** Keyboard steps move the fader by 1/100 of its travel (1/10 with Shift). */
const KEY_STEP = 0.01;

export function Fader({
  label,
  value,
  defaultValue = 1,
  onChange,
  onGestureStart,
  onGestureEnd,
  onGestureCancel,
  meter,
  testId,
}: FaderProps) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ position: number; width: number; lastX: number } | null>(null);
  /** Removes the window's listeners of the drag under way. */
  const stopListening = useRef<(() => void) | null>(null);
  // A drag's window listeners outlive the render that added them: they call the latest handlers.
  const latest = useRef({ onChange, onGestureEnd, onGestureCancel });
  latest.current = { onChange, onGestureEnd, onGestureCancel };
  const position = amplitudeToFaderPosition(value);
  useEffect(() => () => stopListening.current?.(), []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || track.current === null) return;
    event.preventDefault();
    const box = track.current.getBoundingClientRect();
    // A press on the groove jumps there; a press on the knob keeps its value.
    const onKnob = (event.target as HTMLElement).classList.contains("fader-knob");
    const start = onKnob ? position : clamp01((event.clientX - box.left) / box.width);
    drag.current = { position: start, width: Math.max(1, box.width), lastX: event.clientX };
    onGestureStart?.();
    if (!onKnob) onChange(faderPositionToAmplitude(start));
    // The drag is followed on the window: until a late lock is granted the pointer can leave the
    // narrow track, whose own handlers would then hear nothing (captured or locked, the events
    // still bubble up to the window).
    stopListening.current?.();
    window.addEventListener("pointermove", follow);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
    window.addEventListener("keydown", cancelOnEscape, true);
    stopListening.current = () => {
      window.removeEventListener("pointermove", follow);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      window.removeEventListener("keydown", cancelOnEscape, true);
    };
    event.currentTarget.setPointerCapture(event.pointerId);
    // Pointer lock keeps long drags going past the screen's edge; where refused, capture suffices.
    // A lock granted after a quick press has already ended is let go at once.
    const request = event.currentTarget.requestPointerLock?.() as Promise<void> | undefined;
    request?.then?.(unlockUnlessDragging, () => undefined);
  };

  const unlockUnlessDragging = () => {
    if (drag.current === null && document.pointerLockElement === track.current) document.exitPointerLock();
  };

  const follow = (event: globalThis.PointerEvent) => {
    const state = drag.current;
    if (state === null) return;
    const fine = event.shiftKey ? 0.25 : 1;
    // Locked, the pointer does not move and only movementX counts; unlocked (not yet granted, or
    // refused), the travel since the last event is exact, where movementX may be lost while the
    // lock is being granted.
    const locked = document.pointerLockElement === track.current;
    const moved = locked ? event.movementX : event.clientX - state.lastX;
    state.lastX = event.clientX;
    state.position = clamp01(state.position + (moved * fine) / state.width);
    latest.current.onChange(faderPositionToAmplitude(state.position));
  };

  // Only a release or a cancel ends a drag, not the loss of pointer capture: taking the lock takes
  // the capture away mid-drag.
  const end = () => {
    if (stop()) latest.current.onGestureEnd?.();
  };

  // While the drag goes on, what it sets is heard; Escape gives back what was heard before it.
  const cancelOnEscape = (event: globalThis.KeyboardEvent) => {
    if (event.key !== "Escape" || drag.current === null) return;
    event.preventDefault();
    event.stopPropagation();
    stop();
    const { onGestureCancel, onGestureEnd } = latest.current;
    if (onGestureCancel) onGestureCancel();
    else onGestureEnd?.();
  };

  /** Ends the drag under way, if any: true when there was one. */
  const stop = (): boolean => {
    if (drag.current === null) return false;
    drag.current = null;
    stopListening.current?.();
    stopListening.current = null;
    unlockUnlessDragging();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = (event.shiftKey ? 10 : 1) * KEY_STEP;
    let next: number | null = null;
    if (event.key === "ArrowRight" || event.key === "ArrowUp") next = position + step;
    else if (event.key === "ArrowLeft" || event.key === "ArrowDown") next = position - step;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = 1;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(faderPositionToAmplitude(clamp01(next)));
  };

  return (
    <div className="fader" data-testid={testId}>
      <div
        ref={track}
        className="fader-track"
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={1}
        aria-valuenow={Number(value.toFixed(4))}
        aria-valuetext={formatGain(value)}
        onPointerDown={onPointerDown}
        onDoubleClick={() => {
          onGestureStart?.();
          onChange(defaultValue);
          onGestureEnd?.();
        }}
        onKeyDown={onKeyDown}
      >
        {meter !== undefined && meter !== null && (
          <LevelMeter trackId={meter.trackId} label={`${label} level`} />
        )}
        <div className="fader-fill" style={{ width: `${position * 100}%` }} />
        <div className="fader-knob" style={{ left: `${position * 100}%` }} />
      </div>
      <output className="fader-value">{formatGain(value)}</output>
    </div>
  );
}
