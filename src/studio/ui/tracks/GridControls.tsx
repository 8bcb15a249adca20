import { GRID_MULTIPLIER_MAX, GRID_MULTIPLIER_MIN } from "../../editing/index.ts";
import { formatGrid } from "../../timeline/grid-spacing.ts";
import { Tooltip } from "../controls/Tooltip.tsx";
import { useSession, useStudio } from "../studio-context.ts";

/** The grid multiplier (1/32..32) with its halve and double buttons (Shift+1, Shift+2). */
export function GridControls() {
  const { controller } = useSession();
  const grid = useStudio((state) => state.ui.gridMultiplier);
  return (
    <div className="grid-controls">
      <span className="grid-label">Grid</span>
      <Tooltip label="Halve the grid (Shift+1)">
        <button
          type="button"
          className="icon-button small"
          aria-label="Halve the grid, ÷2"
          disabled={grid <= GRID_MULTIPLIER_MIN}
          onClick={() => controller.run("halveGrid")}
        >
          ÷2
        </button>
      </Tooltip>
      <output className="grid-value" aria-label="Grid" data-testid="grid-value">
        {formatGrid(grid)}
      </output>
      <Tooltip label="Double the grid (Shift+2)">
        <button
          type="button"
          className="icon-button small"
          aria-label="Double the grid, ×2"
          disabled={grid >= GRID_MULTIPLIER_MAX}
          onClick={() => controller.run("doubleGrid")}
        >
          ×2
        </button>
      </Tooltip>
    </div>
  );
}
