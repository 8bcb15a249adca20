import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../router/Link.tsx";

/** What a page that loads one thing (a song, a persona) shows until it has it. */
export type PageLoad =
  | { readonly state: "loading" }
  | { readonly state: "failed" }
  | { readonly state: "missing" };

export interface PageLoadStateProps {
  readonly load: PageLoad;
  /**
   * The page's own whole sentences, already in the shown language: a noun set into a shared sentence
   * cannot agree in gender in every language ("la canción", "el perfil").
   */
  readonly failedText: string;
  readonly missing: {
    readonly testId: string;
    readonly className?: string;
    readonly title: ReactNode;
    /** Why it is not there: "This song does not exist, or it is private." */
    readonly text: ReactNode;
    readonly home: { readonly href: string; readonly label: string };
  };
}

/** Loading, a failure to load with what to do about it, or "not found" with a way out. */
export function PageLoadState({ load, failedText, missing }: PageLoadStateProps) {
  const { t } = useTranslation();
  if (load.state === "loading") return <p className="page-loading">{t("loading")}</p>;
  if (load.state === "failed")
    return (
      <p className="error" role="alert">
        {failedText}
      </p>
    );
  return (
    <main className={missing.className} data-testid={missing.testId}>
      <h1>{missing.title}</h1>
      {missing.text !== "" && <p>{missing.text}</p>}
      <Link className="button-link" href={missing.home.href}>
        {missing.home.label}
      </Link>
    </main>
  );
}
