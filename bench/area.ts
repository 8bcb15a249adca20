export interface BenchResult {
  /** Printed for people. */
  readonly table: string;
  /** Written to bench/results/<area>.json for comparisons over time. */
  readonly json: Record<string, unknown>;
}

export interface BenchArea {
  run(options: { readonly quick: boolean }): Promise<BenchResult>;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A plain-text table with right-aligned numeric columns. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padStart(widths[i])).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
