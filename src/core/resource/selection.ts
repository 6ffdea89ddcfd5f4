/**
 * Checkbox selection over the rows of one page, shared by the engine's table and the light table of
 * <bastion-asset-list> (which must not load the engine's Shoelace set).
 */
export function rowSelection(ids: string[], selected: ReadonlySet<string>, onSelect: (ids: Set<string>) => void) {
  const allChecked = ids.length > 0 && ids.every((id) => selected.has(id));
  return {
    allChecked,
    /** Adds the row, or drops it when it was selected. */
    toggle: (id: string) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onSelect(next);
    },
    /** The header box: selects every row of the page, or clears when all were selected. */
    toggleAll: () => onSelect(allChecked ? new Set() : new Set(ids)),
  };
}
