import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { PLAN_NAMES, PLAN_SUMMARIES } from "../../../shared/account/plans.ts";
import { type AccountView, CREDIT_PACKS, type PaidPlan } from "../../../shared/api/account.ts";
import { apiSend } from "../../account/api-request.ts";
import { AccountModal } from "./AccountModal.tsx";
import { runAction } from "./run-action.ts";

interface ModalProps {
  readonly account: AccountView;
  readonly onClose: () => void;
  readonly changed: () => Promise<void>;
}

/** The code form both modals end with: codes work whichever way this server upgrades. */
function RedeemCode({ changed, onClose }: Pick<ModalProps, "changed" | "onClose">) {
  const { t } = useTranslation("account");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const done = await runAction(t("runAction.codeRedeemed"), () =>
      apiSend("/api/account/redeem", { method: "POST", body: { code } }),
    );
    setBusy(false);
    if (done) {
      await changed();
      onClose();
    }
  }
  return (
    <form className="account-form" onSubmit={submit}>
      <label>
        {t("upgradeModals.upgradeCode")}
        <input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={t("upgradeModals.abcdEfghJkmn")}
        />
      </label>
      <button type="submit" disabled={busy || code.trim() === ""}>
        {busy ? t("upgradeModals.redeeming") : t("upgradeModals.redeem")}
      </button>
    </form>
  );
}

/** Asks staff for a plan or credits (UPGRADE_METHOD=request); one request waits at a time. */
function RequestButton(props: ModalProps & { readonly label: string; readonly body: object }) {
  const { t } = useTranslation("account");
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy || props.account.pending_request !== null}
      onClick={async () => {
        setBusy(true);
        const done = await runAction(t("runAction.requestSent"), () =>
          apiSend("/api/account/upgrade-requests", { method: "POST", body: props.body }),
        );
        setBusy(false);
        if (done) {
          await props.changed();
          props.onClose();
        }
      }}
    >
      {props.label}
    </button>
  );
}

function Pending({ account, changed }: Pick<ModalProps, "account" | "changed">) {
  const { t } = useTranslation("account");
  const waiting = account.pending_request;
  if (!waiting) return null;
  const what = [
    waiting.plan_key ? PLAN_NAMES[waiting.plan_key] : null,
    waiting.credits ? `${waiting.credits} credits` : null,
  ]
    .filter(Boolean)
    .join(" and ");
  return (
    <p className="account-note" role="status">
      {t("upgradeModals.yourRequestFor")} {what} {t("upgradeModals.isWaitingForStaff")}{" "}
      <button
        type="button"
        className="link-button"
        onClick={async () => {
          if (
            await runAction(t("runAction.requestWithdrawn"), () =>
              apiSend("/api/account/upgrade-requests", { method: "DELETE" }),
            )
          )
            await changed();
        }}
      >
        {t("upgradeModals.withdrawIt")}
      </button>
    </p>
  );
}

/**
 * The two ways in: with requests, the request choices first; a code always works. The modals differ
 * only in what can be asked for.
 */
function UpgradeWays(props: ModalProps & { readonly intro: string; readonly choices: ReactNode }) {
  const { t } = useTranslation("account");
  return (
    <>
      {props.account.upgrade_method === "request" ? (
        <>
          <p>{props.intro}</p>
          <Pending account={props.account} changed={props.changed} />
          {props.choices}
          <p>{t("upgradeModals.orIfStaffGave")}</p>
        </>
      ) : (
        <p>{t("upgradeModals.enterTheCodeStaff")}</p>
      )}
      <RedeemCode changed={props.changed} onClose={props.onClose} />
      <button type="button" className="link-button" onClick={props.onClose}>
        {t("upgradeModals.close")}
      </button>
    </>
  );
}

export function UpgradeModal(props: ModalProps) {
  const { t } = useTranslation("account");
  const plans: PaidPlan[] = ["pro", "premier"];
  return (
    <AccountModal title={t("upgradeModals.upgradeYourPlan")} onClose={props.onClose} testId="upgrade-modal">
      <UpgradeWays
        {...props}
        intro="There is no card to charge here: staff of this server review upgrade requests."
        choices={
          <ul className="plan-choices">
            {plans.map((plan) => (
              <li key={plan}>
                <strong>{PLAN_NAMES[plan]}</strong> <span>{PLAN_SUMMARIES[plan]}</span>
                <RequestButton
                  {...props}
                  label={t("upgradeModals.request", { plan: PLAN_NAMES[plan] })}
                  body={{ plan_key: plan }}
                />
              </li>
            ))}
          </ul>
        }
      />
    </AccountModal>
  );
}

export function BuyCreditsModal(props: ModalProps) {
  const { t } = useTranslation("account");
  return (
    <AccountModal title={t("upgradeModals.buyCredits")} onClose={props.onClose} testId="credits-modal">
      <UpgradeWays
        {...props}
        intro="Pick a pack: staff of this server add the credits when they approve it."
        choices={
          <div className="credit-packs">
            {CREDIT_PACKS.map((credits) => (
              <RequestButton
                key={credits}
                {...props}
                label={t("upgradeModals.credits", { credits })}
                body={{ credits }}
              />
            ))}
          </div>
        }
      />
    </AccountModal>
  );
}

export function CancelModal(props: ModalProps) {
  const { t } = useTranslation("account");
  const [busy, setBusy] = useState(false);
  return (
    <AccountModal title={t("upgradeModals.cancelSubscription")} onClose={props.onClose} testId="cancel-modal">
      <p>
        {t("upgradeModals.your")} {PLAN_NAMES[props.account.plan_key]} {t("upgradeModals.planStaysUntilThe")}
      </p>
      <div className="account-actions">
        <button
          type="button"
          className="danger-button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const done = await runAction(t("runAction.subscriptionCancelled"), () =>
              apiSend("/api/account/subscription/cancel", { method: "POST" }),
            );
            setBusy(false);
            if (done) {
              await props.changed();
              props.onClose();
            }
          }}
        >
          {t("upgradeModals.cancelAtPeriodEnd")}
        </button>
        <button type="button" onClick={props.onClose}>
          {t("upgradeModals.keepMyPlan")}
        </button>
      </div>
    </AccountModal>
  );
}
