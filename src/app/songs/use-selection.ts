import { useCallback, useMemo, useState } from "react";
import { EMPTY_SELECTION, keepShown, type Selection, selectRow } from "../../shared/library/selection.ts";

/** A song list's multi-select (Shift for a range, Ctrl/Cmd to toggle), forgetting rows that left. */
export function useSelection(order: readonly string[]) {
  const [raw, setRaw] = useState<Selection>(EMPTY_SELECTION);
  const selection = useMemo(() => keepShown(raw, order), [raw, order]);
  const onSelect = useCallback(
    (id: string, keys: { shift: boolean; toggle: boolean }) =>
      setRaw((previous) => selectRow(keepShown(previous, order), order, id, keys)),
    [order],
  );
  const clear = useCallback(() => setRaw(EMPTY_SELECTION), []);
  return { selected: selection.ids, onSelect, clear };
}
