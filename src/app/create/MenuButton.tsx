import { type ReactNode, useRef, useState } from "react";
import { Popover } from "../../studio/ui/controls/Popover.tsx";

export interface MenuEntry {
  readonly label: string;
  /** Shown dimmed: choosing it opens an upsell rather than the action. */
  readonly dimmed?: boolean;
  /** Shown but not choosable, with this reason as its tooltip. */
  readonly disabledReason?: string;
  readonly choose: () => void;
}

export interface MenuButtonProps {
  readonly buttonClassName: string;
  readonly buttonLabel: string;
  readonly buttonText: ReactNode;
  readonly menuLabel?: string;
  readonly testId?: string;
  readonly entries: readonly MenuEntry[];
}

/** A button opening a popover menu (the create page's add menu and song menus); choosing closes it. */
export function MenuButton({
  buttonClassName,
  buttonLabel,
  buttonText,
  menuLabel,
  testId,
  entries,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={anchor}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {buttonText}
      </button>
      {open && (
        <Popover anchor={anchor} onClose={() => setOpen(false)} className="create-add-popover">
          <div role="menu" aria-label={menuLabel} className="create-add-items" data-testid={testId}>
            {entries.map((entry) => (
              <button
                key={entry.label}
                type="button"
                role="menuitem"
                className={entry.dimmed ? "dimmed" : undefined}
                disabled={entry.disabledReason !== undefined}
                title={entry.disabledReason}
                onClick={() => {
                  setOpen(false);
                  entry.choose();
                }}
              >
                {entry.label}
              </button>
            ))}
          </div>
        </Popover>
      )}
    </>
  );
}
