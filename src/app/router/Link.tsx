import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { navigate } from "./history-router.ts";

interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  readonly href: string;
}

/** Modified clicks (new tab, download) are left to the browser. */
const isPlainClick = (event: MouseEvent): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** An anchor that navigates inside the app without reloading the page. */
export function Link({ href, onClick, target, ...rest }: LinkProps) {
  return (
    <a
      href={href}
      target={target}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || (target && target !== "_self")) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
