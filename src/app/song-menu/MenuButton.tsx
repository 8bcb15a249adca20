import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { placeMenu } from "./menu-placement.ts";
import "./song-menu.css";

export interface MenuEntry {
  readonly label: string;
  /** Shown dimmed: choosing it opens an upsell rather than the action. */
  readonly dimmed?: boolean;
  /** Shown but not choosable, with this reason as its tooltip. */
  readonly disabledReason?: string;
  /** A small tag after the label (Pro). */
  readonly tag?: string;
  /** A toggle's state, shown as a check. */
  readonly checked?: boolean;
  /** Draws a separator above the entry. */
  readonly separated?: boolean;
  readonly choose: () => void;
}

export interface MenuButtonProps {
  readonly buttonClassName: string;
  readonly buttonLabel: string;
  readonly buttonText: ReactNode;
  readonly menuLabel?: string;
  readonly testId?: string;
  /** Built when the menu opens, so closed menus in long lists cost nothing. */
  readonly entries: () => readonly MenuEntry[];
  /** Told each time the menu opens. */
  readonly onOpen?: () => void;
}

/** The menu closes this long after the pointer leaves it. */
export const CLOSE_AFTER_LEAVE_MS = 100;

/**
 * A button opening a menu (the create page's add menu and every song menu). Keyboard: the arrows
 * move between entries (Home and End to the ends), Enter or Space chooses, Escape closes; focus goes
 * back to the button when the menu closes. The menu keeps 10 px from the window's edges and closes
 * 100 ms after the pointer leaves it.
 */
export function MenuButton({
  buttonClassName,
  buttonLabel,
  buttonText,
  menuLabel,
  testId,
  entries,
  onOpen,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const show = () => {
    if (!open) onOpen?.();
    setOpen(true);
  };
  const anchor = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) anchor.current?.focus();
  };
  return (
    <>
      <button
        ref={anchor}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            show();
          }
        }}
      >
        {buttonText}
      </button>
      {open && (
        <MenuPanel anchor={anchor} label={menuLabel} testId={testId} entries={entries()} onClose={close} />
      )}
    </>
  );
}

interface MenuPanelProps {
  readonly anchor: React.RefObject<HTMLButtonElement | null>;
  readonly label?: string;
  readonly testId?: string;
  readonly entries: readonly MenuEntry[];
  readonly onClose: (refocus: boolean) => void;
}

function MenuPanel({ anchor, label, testId, entries, onClose }: MenuPanelProps) {
  // Its words show only in song menus, whose button has loaded them; other menus (the create page's
  // add menu) must not wait for them.
  const { t } = useTranslation("songMenu", { useSuspense: false });
  const panel = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const leaveTimer = useRef<number | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useLayoutEffect(() => {
    const target = anchor.current;
    const element = panel.current;
    if (target === null || element === null) return;
    setPosition(
      placeMenu(
        target.getBoundingClientRect(),
        { width: element.offsetWidth, height: element.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  }, [anchor]);

  // The first entry takes the focus once the menu is placed (a hidden element cannot take it).
  const placed = position !== null;
  useEffect(() => {
    if (placed) panel.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  }, [placed]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || anchor.current?.contains(target)) return;
      closeRef.current(false);
    };
    // Escape closes the menu wherever the focus is.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      closeRef.current(true);
    };
    window.addEventListener("pointerdown", onPointer, true);
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("pointerdown", onPointer, true);
      window.removeEventListener("keydown", onKey, true);
      if (leaveTimer.current !== null) window.clearTimeout(leaveTimer.current);
    };
  }, [anchor]);

  const items = () => [...(panel.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  const move = (step: number | "first" | "last") => {
    const all = items();
    if (all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next =
      step === "first" ? 0 : step === "last" ? all.length - 1 : (at + step + all.length) % all.length;
    all[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number | "first" | "last"> = {
      ArrowDown: 1,
      ArrowUp: -1,
      Home: "first",
      End: "last",
    };
    const step = moves[event.key];
    if (step !== undefined) {
      event.preventDefault();
      move(step);
    } else if (event.key === "Tab") {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    }
  };
  const cancelLeave = () => {
    if (leaveTimer.current !== null) window.clearTimeout(leaveTimer.current);
    leaveTimer.current = null;
  };

  return createPortal(
    <div
      ref={panel}
      role="menu"
      aria-label={label}
      data-testid={testId}
      className="song-menu-panel"
      style={position === null ? { visibility: "hidden", left: 0, top: 0 } : position}
      onKeyDown={onKeyDown}
      onPointerEnter={cancelLeave}
      onPointerLeave={() => {
        cancelLeave();
        leaveTimer.current = window.setTimeout(() => closeRef.current(false), CLOSE_AFTER_LEAVE_MS);
      }}
    >
      {entries.length === 0 && <p className="song-menu-empty">{t("menu.none")}</p>}
      {entries.map((entry) => (
        <button
          key={entry.label}
          type="button"
          {...(entry.checked === undefined
            ? { role: "menuitem" }
            : { role: "menuitemcheckbox", "aria-checked": entry.checked })}
          className={
            [entry.dimmed ? "dimmed" : "", entry.separated ? "separated" : ""].join(" ").trim() || undefined
          }
          aria-disabled={entry.disabledReason !== undefined || undefined}
          title={entry.disabledReason}
          onClick={() => {
            if (entry.disabledReason !== undefined) return;
            onClose(true);
            entry.choose();
          }}
        >
          <span className="song-menu-label">{entry.label}</span>
          {entry.checked !== undefined && (
            <span className="song-menu-check" aria-hidden="true">
              {entry.checked ? t("menu.on") : t("menu.off")}
            </span>
          )}
          {entry.tag && <span className="song-menu-tag">{entry.tag}</span>}
        </button>
      ))}
    </div>,
    document.body,
  );
}
