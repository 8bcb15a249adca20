import type { ReactNode } from "react";
import { Link } from "../router/Link.tsx";

/** What a page that loads one thing (a song, a persona) shows until it has it. */
export type PageLoad =
  | { readonly state: "loading" }
  | { readonly state: "failed" }
  | { readonly state: "missing" };

export interface PageLoadStateProps {
  readonly load: PageLoad;
  /** The thing in words, for the failure: "song", "persona". */
  readonly noun: string;
  readonly missing: {
    readonly testId: string;
    readonly className?: string;
    readonly title: ReactNode;
    readonly home: { readonly href: string; readonly label: string };
  };
}

/** Loading, a failure to load with what to do about it, or "not found" with a way out. */
export function PageLoadState({ load, noun, missing }: PageLoadStateProps) {
  if (load.state === "loading") return <p className="page-loading">Loading...</p>;
  if (load.state === "failed")
    return (
      <p className="error" role="alert">
        The {noun} could not be loaded. Reload the page to try again.
      </p>
    );
  return (
    <main className={missing.className} data-testid={missing.testId}>
      <h1>{missing.title}</h1>
      <p>This {noun} does not exist, or it is private.</p>
      <Link className="button-link" href={missing.home.href}>
        {missing.home.label}
      </Link>
    </main>
  );
}
