import './chip-tabs.css';

export interface ChipTab<K extends string> {
  key: K;
  label: string;
}

/**
 * A row of choices (wallets, record types) that wraps onto a second line rather than cutting a label off: every label
 * is read in full in every language, however long (Spanish and French labels run long).
 */
export function ChipTabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: readonly ChipTab<K>[];
  active: K;
  onChange(key: NoInfer<K>): void;
  /** What the choice is about, for screen readers. */
  label: string;
}) {
  return (
    <div className="chip-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={`chip-tabs__tab${tab.key === active ? ' chip-tabs__tab--on' : ''}`}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
