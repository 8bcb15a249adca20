import { useTranslation } from "react-i18next";
import { useAccount } from "../../account/session-store.ts";
import { goToUpgrade } from "../../account/upgrade-link.ts";
import { CreateModal } from "../../shell/CreateModal.tsx";
import { askAdministrator } from "../../song-menu/upsells.ts";
import "./upload.css";

interface PlanOffer {
  readonly name: "Pro" | "Premier";
  readonly adds: readonly string[];
}

// What the paid plans add here: the features the server keeps for Pro and Premier (own audio up to
// 8 minutes, the newer models, personas, stems, WAV, remaster, commercial rights, unlimited
// downloads); Premier's difference is how many songs render at once.
const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    name: "Pro",
    adds: [
      "Upload or record your own audio, up to 8 minutes, to cover or extend it",
      "The newer models, V4 to V5",
      "Personas: a song's voice and style, reused",
      "Stems, WAV downloads and remaster",
      "Commercial rights to the songs you make",
      "Unlimited downloads of other people's songs",
    ],
  },
  {
    name: "Premier",
    adds: ["Everything in Pro", "The most songs generating at the same time"],
  },
];

/**
 * Own audio needs a paid plan: 'You're one step closer', what Pro and Premier add, and how
 * to get them. There is no checkout in a self-hosted Tunesmith: an administrator grants plans.
 */
export function UploadPaywall({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation("create");
  const email = useAccount((state) => state.session?.userEmail ?? null);
  return (
    <CreateModal
      titleId="paywall-title"
      title={t("uploadPaywall.youReOneStep")}
      className="paywall-modal"
      testId="upload-paywall"
      onClose={onClose}
      closeOnBackdrop
    >
      <div className="upload-paywall">
        <p>{t("uploadPaywall.aProOrPremier")}</p>
        <div className="paywall-plans">
          {PLAN_OFFERS.map((plan) => (
            <section key={plan.name} className="paywall-plan" aria-labelledby={`paywall-plan-${plan.name}`}>
              <h3 id={`paywall-plan-${plan.name}`}>{plan.name}</h3>
              <ul>
                {plan.adds.map((add) => (
                  <li key={add}>{add}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="paywall-how" data-testid="paywall-how">
          <strong>{askAdministrator()}</strong>
          <span>
            {t("uploadPaywall.plansOnThisTunesmith")}
            {email ? (
              <>
                {t("uploadPaywall.tellThemTheEmail")} <b>{email}</b>
                {t("uploadPaywall.andThePlanYou")}
              </>
            ) : (
              "."
            )}
          </span>
        </div>
        <div className="upload-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t("uploadPaywall.gotIt")}
          </button>
          <button
            type="button"
            onClick={() => {
              onClose();
              goToUpgrade();
            }}
          >
            {t("uploadPaywall.upgrade")}
          </button>
        </div>
      </div>
    </CreateModal>
  );
}
