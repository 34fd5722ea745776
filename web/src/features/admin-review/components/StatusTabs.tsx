/** A row of view switches (buttons with aria-pressed: each tab is its own list below). */
export function StatusTabs<T extends string>({
  label,
  options,
  value,
  onChange,
  labelOf,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
}) {
  return (
    <fieldset className="review-tabs">
      <legend className="visually-hidden">{label}</legend>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          className={`review-tabs__tab${o === value ? ' review-tabs__tab--on' : ''}`}
          aria-pressed={o === value}
          onClick={() => onChange(o)}
        >
          {labelOf(o)}
        </button>
      ))}
    </fieldset>
  );
}
