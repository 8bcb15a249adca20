import { PAID_FEATURES, PLAN_NAMES, PLAN_SUMMARIES } from "../../../shared/account/plans.ts";
import type { AccountView } from "../../../shared/api/account.ts";
import type { PlanKey } from "../../../shared/api/accounts.ts";
import { apiSend } from "../../account/api-request.ts";
import { useAccount } from "../../account/session-store.ts";
import type { AccountData } from "./account-data.ts";
import { runAction } from "./run-action.ts";

export type AccountModalName = "upgrade" | "credits" | "cancel";

interface SectionProps {
  readonly data: AccountData;
  readonly open: (modal: AccountModalName) => void;
  readonly changed: () => Promise<void>;
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** The plan and what it unlocks; the unlocked marks follow the session, so they change without a reload. */
export function PlanSection({ data, open }: SectionProps) {
  const plan: PlanKey = useAccount((state) => state.session?.userPlanKey) ?? data.account.plan_key;
  const paid = plan !== "free";
  return (
    <section className="panel account-section" id="plan" aria-labelledby="plan-title">
      <h2 id="plan-title">
        Plan: <span data-testid="plan-name">{PLAN_NAMES[plan]}</span>
      </h2>
      <p>{PLAN_SUMMARIES[plan]}</p>
      <ul className="plan-features" aria-label="What paid plans unlock">
        {PAID_FEATURES.map((feature) => (
          <li key={feature} data-unlocked={paid}>
            <span aria-hidden="true">{paid ? "✓" : "🔒"}</span> {feature}
            <span className="visually-hidden">{paid ? " (unlocked)" : " (Pro and Premier)"}</span>
          </li>
        ))}
      </ul>
      {plan !== "premier" && (
        <button type="button" onClick={() => open("upgrade")}>
          {paid ? "Upgrade to Premier" : "Upgrade"}
        </button>
      )}
    </section>
  );
}

const STATUS_TEXT: Record<AccountView["subscription"]["status"], string> = {
  none: "No subscription: you are on Basic.",
  active: "Active: renews with each billing month.",
  past_due: "Past due: new songs are paused until the payment is sorted out with staff.",
  cancelled_at_period_end: "Cancelled: your plan ends at the end of this billing month.",
};

export function SubscriptionSection({ data, open, changed }: SectionProps) {
  const { subscription } = data.account;
  return (
    <section className="panel account-section" id="subscription" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      <p data-testid="subscription-status" data-status={subscription.status}>
        {STATUS_TEXT[subscription.status]}
        {subscription.ends_at && ` Ends ${dateOf(subscription.ends_at)}.`}
      </p>
      {subscription.status === "active" && (
        <button type="button" className="secondary-button" onClick={() => open("cancel")}>
          Cancel subscription
        </button>
      )}
      {subscription.status === "cancelled_at_period_end" && (
        <button
          type="button"
          onClick={async () => {
            if (
              await runAction("Your plan continues", () =>
                apiSend("/api/account/subscription/resume", { method: "POST" }),
              )
            )
              await changed();
          }}
        >
          Keep my plan
        </button>
      )}
    </section>
  );
}

const KIND_TEXT = { grant: "Added", reserve: "Song started", refund: "Refunded" } as const;

export function CreditsSection({ data, open }: SectionProps) {
  const { account, billing, downloads } = data;
  return (
    <section className="panel account-section" id="credits" aria-labelledby="credits-title">
      <h2 id="credits-title">Credits</h2>
      <p className="credit-balance">
        <strong data-testid="credit-balance">{account.credits}</strong> credits left
      </p>
      <button type="button" onClick={() => open("credits")}>
        Buy credits
      </button>
      <dl className="usage-list">
        <dt>This month</dt>
        <dd>
          {billing.monthly_usage} of {billing.monthly_limit} credits used (
          {dateOf(billing.billing_period.start)} to{" "}
          {dateOf(new Date(new Date(billing.billing_period.end).getTime() - 1).toISOString())})
        </dd>
        <dt>Downloads of others' songs</dt>
        <dd data-testid="downloads">
          {downloads.has_unlimited_downloads
            ? "Unlimited"
            : `${downloads.downloads_used} used, ${downloads.downloads_remaining ?? 0} of ${downloads.downloads_limit ?? 0} left this month`}
        </dd>
      </dl>
      <h3>Ledger</h3>
      {account.ledger.length === 0 ? (
        <p className="account-note">No changes yet: credits you get and spend are listed here.</p>
      ) : (
        <table className="ledger">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Change</th>
              <th scope="col">Balance</th>
            </tr>
          </thead>
          <tbody>
            {account.ledger.map((entry) => (
              <tr key={entry.id} data-kind={entry.kind}>
                <td>
                  {new Date(entry.created_at).toLocaleString(undefined, {
                    dateStyle: "medium",
                    timeStyle: "short",
                  })}
                </td>
                <td>
                  {KIND_TEXT[entry.kind]}
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
