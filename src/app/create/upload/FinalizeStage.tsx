export type FinalizeChoice = "cover" | "extend" | "save";

const CHOICES: readonly {
  readonly value: FinalizeChoice;
  readonly label: string;
  readonly description: string;
}[] = [
  { value: "cover", label: "Cover", description: "Cover audio in any song style" },
  { value: "extend", label: "Extend", description: "Make your audio longer" },
  { value: "save", label: "Save to Library", description: "Use this audio for later" },
];

interface FinalizeStageProps {
  readonly choice: FinalizeChoice;
  readonly onChoice: (choice: FinalizeChoice) => void;
  readonly onContinue: () => void;
  readonly onCancel: () => void;
}

/** Finalize: what to make with the audio; Save is preselected. No close button in this stage. */
export function FinalizeStage({ choice, onChoice, onContinue, onCancel }: FinalizeStageProps) {
  return (
    <div className="upload-finalize" data-testid="upload-finalize">
      <div role="radiogroup" aria-label="Make something with your audio" className="finalize-choices">
        {CHOICES.map((option) => (
          <label
            key={option.value}
            className={`finalize-choice ${choice === option.value ? "selected" : ""}`}
          >
            <input
              type="radio"
              name="finalize-choice"
              value={option.value}
              checked={choice === option.value}
              onChange={() => onChoice(option.value)}
            />
            <strong>{option.label}</strong>
            <span>{option.description}</span>
          </label>
        ))}
      </div>
      <div className="upload-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" onClick={onContinue}>
          Continue
        </button>
      </div>
    </div>
  );
}
