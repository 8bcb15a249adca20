import type { ReactNode } from "react";

interface TooltipProps {
  readonly label: string;
  readonly children: ReactNode;
  readonly placement?: "top" | "bottom" | "left" | "right";
}

/** A label shown on hover and keyboard focus, fading in and out over 100 ms. */
export function Tooltip({ label, children, placement = "bottom" }: TooltipProps) {
  return (
    <span className="tooltip-host">
      {children}
      <span role="tooltip" className={`tooltip tooltip-${placement}`}>
        {label}
      </span>
    </span>
  );
}
