import type { ReactNode } from "react";
import { PageHeader } from "./account/PageHeader.tsx";
import "./studio-layout.css";

/**
 * /studio under the app's header: the header takes its own height and the studio fills the rest of
 * the window, so the timeline keeps its full-height layout and the header stays in reach.
 */
export function StudioLayout({ children }: { readonly children: ReactNode }) {
  return (
    <div className="studio-layout">
      <div className="studio-layout-header">
        <PageHeader current="studio" />
      </div>
      <div className="studio-layout-body">{children}</div>
    </div>
  );
}
