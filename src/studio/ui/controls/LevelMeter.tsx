import { useEffect, useRef } from "react";
import { useSession } from "../studio-context.ts";

interface LevelMeterProps {
  /** The track metered, or the master when undefined. */
  readonly trackId?: string;
  readonly orientation?: "horizontal" | "vertical";
  readonly label: string;
}

/** Two bars (left, right) moved by the frame loop from the engine's shared memory, not by React. */
export function LevelMeter({ trackId, orientation = "horizontal", label }: LevelMeterProps) {
  const { meters } = useSession();
  const left = useRef<HTMLDivElement>(null);
  const right = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (left.current === null || right.current === null) return;
    return meters.register(trackId, left.current, right.current, orientation === "horizontal" ? "x" : "y");
  }, [meters, trackId, orientation]);
  return (
    <div
      className={`level-meter level-meter-${orientation}`}
      role="img"
      aria-label={label}
      data-testid={trackId === undefined ? "master-meter" : "track-meter"}
    >
      <div className="level-meter-channel">
        <div ref={left} className="level-meter-bar" data-channel="left" />
      </div>
      <div className="level-meter-channel">
        <div ref={right} className="level-meter-bar" data-channel="right" />
      </div>
    </div>
  );
}
