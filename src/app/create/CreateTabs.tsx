export interface CreateTab<T extends string> {
  readonly value: T;
  readonly label: string;
}

export interface CreateTabsProps<T extends string> {
  /** The tab list's accessible name. */
  readonly label: string;
  readonly tabs: readonly CreateTab<T>[];
  /** The selected tab; another value, or none, selects none. */
  readonly selected: string | undefined;
  readonly onSelect: (value: T) => void;
}

/** A row of create-page tabs: a tablist of buttons, the selected one marked. */
export function CreateTabs<T extends string>({ label, tabs, selected, onSelect }: CreateTabsProps<T>) {
  return (
    <div className="create-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={selected === tab.value}
          onClick={() => onSelect(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
