import { useTranslation } from "react-i18next";
import { PAID_FEATURES, PLAN_NAMES, PLAN_SUMMARIES } from "../../../shared/account/plans.ts";
import type { AccountView } from "../../../shared/api/account.ts";
import type { PlanKey } from "../../../shared/api/accounts.ts";
import { formatDate, formatDateTime } from "../../../shared/i18n/locale-format.ts";
import { apiSend } from "../../account/api-request.ts";
import { useAccount } from "../../account/session-store.ts";
import { currentLanguage } from "../../i18n/i18n.ts";
import type { AccountData } from "./account-data.ts";
import { runAction } from "./run-action.ts";

export type AccountModalName = "upgrade" | "credits" | "cancel";

interface SectionProps {
  readonly data: AccountData;
  readonly open: (modal: AccountModalName) => void;
  readonly changed: () => Promise<void>;
}

const dateOf = (iso: string) => formatDate(iso, currentLanguage());

/** The plan and what it unlocks; the unlocked marks follow the session, so they change without a reload. */
export function PlanSection({ data, open }: SectionProps) {
  const { t } = useTranslation("account");
  const plan: PlanKey = useAccount((state) => state.session?.userPlanKey) ?? data.account.plan_key;
  const paid = plan !== "free";
  return (
    <section className="panel account-section" id="plan" aria-labelledby="plan-title">
      <h2 id="plan-title">
        {t("planSections.plan")} <span data-testid="plan-name">{PLAN_NAMES[plan]}</span>
      </h2>
      <p>{PLAN_SUMMARIES[plan]}</p>
      <ul className="plan-features" aria-label={t("planSections.whatPaidPlansUnlock")}>
        {PAID_FEATURES.map((feature) => (
          <li key={feature} data-unlocked={paid}>
            <span aria-hidden="true">{paid ? "✓" : "🔒"}</span> {feature}
            <span className="visually-hidden">
              {paid ? t("planSections.unlocked") : t("planSections.proAndPremier")}
            </span>
          </li>
        ))}
      </ul>
      {plan !== "premier" && (
        <button type="button" onClick={() => open("upgrade")}>
          {paid ? t("planSections.upgradeToPremier") : t("planSections.upgrade")}
        </button>
      )}
    </section>
  );
}

const STATUS_KEYS: Record<AccountView["subscription"]["status"], string> = {
  none: "planSections.statusNone",
  active: "planSections.statusActive",
  past_due: "planSections.statusPastDue",
  cancelled_at_period_end: "planSections.statusCancelled",
};

export function SubscriptionSection({ data, open, changed }: SectionProps) {
  const { t } = useTranslation("account");
  const { subscription } = data.account;
  return (
    <section className="panel account-section" id="subscription" aria-labelledby="subscription-title">
      <h2 id="subscription-title">{t("planSections.subscription")}</h2>
      <p data-testid="subscription-status" data-status={subscription.status}>
        {t(STATUS_KEYS[subscription.status])}
        {subscription.ends_at && t("planSections.ends", { value0: dateOf(subscription.ends_at) })}
      </p>
      {subscription.status === "active" && (
        <button type="button" className="secondary-button" onClick={() => open("cancel")}>
          {t("planSections.cancelSubscription")}
        </button>
      )}
      {subscription.status === "cancelled_at_period_end" && (
        <button
          type="button"
          onClick={async () => {
            if (
              await runAction(t("runAction.planContinues"), () =>
                apiSend("/api/account/subscription/resume", { method: "POST" }),
              )
            )
              await changed();
          }}
        >
          {t("planSections.keepMyPlan")}
        </button>
      )}
    </section>
  );
}

const KIND_KEYS = {
  grant: "planSections.kindGrant",
  reserve: "planSections.kindReserve",
  refund: "planSections.kindRefund",
} as const;

export function CreditsSection({ data, open }: SectionProps) {
  const { t } = useTranslation("account");
  const { account, billing, downloads } = data;
  return (
    <section className="panel account-section" id="credits" aria-labelledby="credits-title">
      <h2 id="credits-title">{t("planSections.credits")}</h2>
      <p className="credit-balance">
        <strong data-testid="credit-balance">{account.credits}</strong> {t("planSections.creditsLeft")}
      </p>
      <button type="button" onClick={() => open("credits")}>
        {t("planSections.buyCredits")}
      </button>
      <dl className="usage-list">
        <dt>{t("planSections.thisMonth")}</dt>
        <dd>
          {billing.monthly_usage} {t("planSections.of")} {billing.monthly_limit}{" "}
          {t("planSections.creditsUsed")}
          {dateOf(billing.billing_period.start)} {t("planSections.to")}{" "}
          {dateOf(new Date(new Date(billing.billing_period.end).getTime() - 1).toISOString())})
        </dd>
        <dt>{t("planSections.downloadsOfOthersSongs")}</dt>
        <dd data-testid="downloads">
          {downloads.has_unlimited_downloads
            ? t("planSections.unlimited")
            : t("planSections.usedOfLeftThis", {
                downloads_used: downloads.downloads_used,
                value1: downloads.downloads_remaining ?? 0,
                value2: downloads.downloads_limit ?? 0,
              })}
        </dd>
      </dl>
      <h3>{t("planSections.ledger")}</h3>
      {account.ledger.length === 0 ? (
        <p className="account-note">{t("planSections.noChangesYetCredits")}</p>
      ) : (
        <table className="ledger">
          <thead>
            <tr>
              <th scope="col">{t("planSections.date")}</th>
              <th scope="col">{t("planSections.what")}</th>
              <th scope="col">{t("planSections.change")}</th>
              <th scope="col">{t("planSections.balance")}</th>
            </tr>
          </thead>
          <tbody>
            {account.ledger.map((entry) => (
              <tr key={entry.id} data-kind={entry.kind}>
                <td>{formatDateTime(entry.created_at, currentLanguage())}</td>
                <td>
                  {t(KIND_KEYS[entry.kind])}
                  {entry.kind === "grant" ? `: ${entry.reason}` : ""}
                </td>
                <td className={entry.delta < 0 ? "ledger-minus" : "ledger-plus"}>
                  {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
                </td>
                <td>{entry.balance_after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
