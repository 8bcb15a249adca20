import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { LibraryProblem } from "./library-store.ts";

/** Above a list with a selection: how many are selected, the actions for them, and Clear. */
export function BulkBar({
  count,
  onClear,
  children,
}: {
  readonly count: number;
  readonly onClear: () => void;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation("library");
  if (count === 0) return null;
  return (
    <div className="library-bulk" data-testid="library-bulk">
      <span>
        {count} {t("listChrome.selected")}
      </span>
      {children}
      <button type="button" className="link-button" onClick={onClear}>
        {t("listChrome.clearSelection")}
      </button>
    </div>
  );
}

/** A load that failed after its retries: the spec's title, the message, and a way to try again. */
export function ProblemBox({
  problem,
  onRetry,
}: {
  readonly problem: LibraryProblem | null;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation("library");
  if (problem === null) return null;
  return (
    <div className="library-problem" role="alert">
      <strong>{problem.title}</strong>
      <span>{problem.message}</span>
      <button type="button" className="secondary" onClick={onRetry}>
        {t("listChrome.tryAgain")}
      </button>
    </div>
  );
}
