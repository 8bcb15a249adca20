export interface CreateSwitchProps {
  readonly label: string;
  readonly checked: boolean;
  readonly disabled?: boolean;
  readonly onChange: (checked: boolean) => void;
}

/** A create-page switch: a checkbox with its label after it. */
export function CreateSwitch({ label, checked, disabled, onChange }: CreateSwitchProps) {
  return (
    <label className="create-switch">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
