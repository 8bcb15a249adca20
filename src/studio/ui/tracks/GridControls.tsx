import { useTranslation } from "react-i18next";
import { GRID_MULTIPLIER_MAX, GRID_MULTIPLIER_MIN } from "../../editing/index.ts";
import { formatGrid } from "../../timeline/grid-spacing.ts";
import { Tooltip } from "../controls/Tooltip.tsx";
import { useSession, useStudio } from "../studio-context.ts";

/** The grid multiplier (1/32..32) with its halve and double buttons (Shift+1, Shift+2). */
export function GridControls() {
  const { t } = useTranslation("studio");
  const { controller } = useSession();
  const grid = useStudio((state) => state.ui.gridMultiplier);
  return (
    <div className="grid-controls">
      <span className="grid-label">{t("grid.label")}</span>
      <Tooltip label={t("grid.halveTip")}>
        <button
          type="button"
          className="icon-button small"
          aria-label={t("grid.halve")}
          disabled={grid <= GRID_MULTIPLIER_MIN}
          onClick={() => controller.run("halveGrid")}
        >
          ÷2
        </button>
      </Tooltip>
      <output className="grid-value" aria-label={t("grid.label")} data-testid="grid-value">
        {formatGrid(grid)}
      </output>
      <Tooltip label={t("grid.doubleTip")}>
        <button
          type="button"
          className="icon-button small"
          aria-label={t("grid.double")}
          disabled={grid >= GRID_MULTIPLIER_MAX}
          onClick={() => controller.run("doubleGrid")}
        >
          ×2
        </button>
      </Tooltip>
    </div>
  );
}
