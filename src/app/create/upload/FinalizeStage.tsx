import { useTranslation } from "react-i18next";
import { i18n } from "../../i18n/i18n.ts";
export type FinalizeChoice = "cover" | "extend" | "save";

const CHOICES: readonly {
  readonly value: FinalizeChoice;
  readonly label: string;
  readonly description: string;
}[] = [
  {
    value: "cover",
    get label() {
      return i18n.t("create:finalizeStage.cover");
    },
    get description() {
      return i18n.t("create:finalizeStage.coverAudioInAny");
    },
  },
  {
    value: "extend",
    get label() {
      return i18n.t("create:finalizeStage.extend");
    },
    get description() {
      return i18n.t("create:finalizeStage.makeYourAudioLonger");
    },
  },
  {
    value: "save",
    get label() {
      return i18n.t("create:finalizeStage.saveToLibrary");
    },
    get description() {
      return i18n.t("create:finalizeStage.useThisAudioFor");
    },
  },
];

interface FinalizeStageProps {
  readonly choice: FinalizeChoice;
  readonly onChoice: (choice: FinalizeChoice) => void;
  readonly onContinue: () => void;
  readonly onCancel: () => void;
}

/** Finalize: what to make with the audio; Save is preselected. No close button in this stage. */
export function FinalizeStage({ choice, onChoice, onContinue, onCancel }: FinalizeStageProps) {
  const { t } = useTranslation("create");
  return (
    <div className="upload-finalize" data-testid="upload-finalize">
      <div
        role="radiogroup"
        aria-label={t("finalizeStage.makeSomethingWithYour")}
        className="finalize-choices"
      >
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
          {t("finalizeStage.cancel")}
        </button>
        <button type="button" onClick={onContinue}>
          {t("finalizeStage.continue")}
        </button>
      </div>
    </div>
  );
}
