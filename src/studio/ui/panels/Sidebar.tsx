import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SidebarSection } from "../../store/studio-state.ts";
import { Tooltip } from "../controls/Tooltip.tsx";
import { useSession, useStudio } from "../studio-context.ts";
import { ClipSettingsPanel } from "./ClipSettingsPanel.tsx";
import { EqPanel } from "./EqPanel.tsx";
import { ExportPanel } from "./ExportPanel.tsx";
import { GeneratePanel } from "./GeneratePanel.tsx";
import { SharePanel } from "./SharePanel.tsx";

const SECTIONS: readonly {
  readonly id: SidebarSection;
  readonly glyph: ReactNode;
}[] = [
  {
    id: "clip-info",
    glyph: <path d="M3 5h14v10H3zM3 8h14M6 11h5" />,
  },
  {
    id: "eq",
    glyph: <path d="M5 3v14M10 3v14M15 3v14M3 7h4M8 12h4M13 6h4" />,
  },
  {
    id: "generate",
    glyph: <path d="M10 2.5l1.8 4.7 4.7 1.8-4.7 1.8L10 15.5l-1.8-4.7L3.5 9l4.7-1.8zM15.5 14v4M13.5 16h4" />,
  },
  {
    id: "export",
    glyph: <path d="M10 3v9M6.5 8.5 10 12l3.5-3.5M4 15h12" />,
  },
  {
    id: "share",
    glyph: (
      <path d="M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 17c0-3 2.2-5 5-5s5 2 5 5M13.5 9a2.5 2.5 0 1 0 0-5M14 12c2.3.3 4 2.2 4 5" />
    ),
  },
];

/** Each section's name is `studio:sidebar.sections.{id}`. */
/** The studio sidebar: 50 px of section buttons closed, 350 px open; clip info by default. */
export function Sidebar() {
  const { t } = useTranslation("studio");
  const { controller } = useSession();
  const open = useStudio((state) => state.ui.sidebarOpen);
  const section = useStudio((state) => state.ui.sidebarSection);
  const current = SECTIONS.find((candidate) => candidate.id === section) ?? SECTIONS[0];
  return (
    <aside className={`sidebar${open ? " open" : ""}`} aria-label={t("sidebar.label")} data-testid="sidebar">
      <nav className="sidebar-rail" aria-label={t("sidebar.sectionsLabel")}>
        {SECTIONS.map((candidate) => (
          <Tooltip key={candidate.id} label={t(`sidebar.sections.${candidate.id}`)} placement="left">
            <button
              type="button"
              className={`rail-button${open && candidate.id === section ? " active" : ""}`}
              aria-label={t(`sidebar.sections.${candidate.id}`)}
              aria-pressed={open && candidate.id === section}
              onClick={() => controller.showSection(candidate.id)}
            >
              <svg
                width="20"
                height="20"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.6}
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                {candidate.glyph}
              </svg>
            </button>
          </Tooltip>
        ))}
      </nav>
      {open && (
        <div className="sidebar-panel">
          <header className="sidebar-header">
            <h2>{t(`sidebar.sections.${current.id}`)}</h2>
            <button
              type="button"
              className="icon-button small"
              aria-label={t("sidebar.close")}
              onClick={() => controller.setUi({ sidebarOpen: false })}
            >
              ×
            </button>
          </header>
          <div className="sidebar-content">
            {current.id === "clip-info" && <ClipSettingsPanel />}
            {current.id === "eq" && <EqPanel />}
            {current.id === "generate" && <GeneratePanel />}
            {current.id === "export" && <ExportPanel />}
            {current.id === "share" && <SharePanel />}
          </div>
        </div>
      )}
    </aside>
  );
}
