// Multi-select in a song list: a plain click selects one, Ctrl/Cmd toggles one, Shift selects the
// range from the last clicked (the anchor) to the clicked row, in the list's order.

export interface Selection {
  readonly ids: ReadonlySet<string>;
  /** The row a Shift range starts from; null before any click. */
  readonly anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export function selectRow(
  selection: Selection,
  order: readonly string[],
  id: string,
  keys: { readonly shift: boolean; readonly toggle: boolean },
): Selection {
  if (keys.shift && selection.anchor !== null) {
    const from = order.indexOf(selection.anchor);
    const to = order.indexOf(id);
    if (from !== -1 && to !== -1) {
      const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
      const ids = keys.toggle ? new Set([...selection.ids, ...range]) : new Set(range);
      return { ids, anchor: selection.anchor };
    }
  }
  if (keys.toggle) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  return { ids: new Set([id]), anchor: id };
}

/** The selection with rows no longer in the list dropped. */
export function keepShown(selection: Selection, order: readonly string[]): Selection {
  const shown = new Set(order);
  const ids = new Set([...selection.ids].filter((id) => shown.has(id)));
  if (ids.size === selection.ids.size) return selection;
  return { ids, anchor: selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null };
}

/**
 * Songs that left a list (moved, trashed, filtered out) are not replaced one by one: once fewer than
 * half a page is shown while more exist, the list loads again.
 */
export const needsRefill = (shown: number, hasMore: boolean, pageSize: number): boolean =>
  hasMore && shown < pageSize / 2;
