import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PLAN_NAMES } from "../../shared/account/plans.ts";
import { FEATURE_FLAGS, type FeatureFlag, PLAN_KEYS, type PlanKey } from "../../shared/api/accounts.ts";
import {
  type AdminUser,
  type UserChange,
  userChangeResponseSchema,
  userListSchema,
} from "../../shared/api/admin.ts";
import { apiRequest } from "../account/api-request.ts";
import { runAction } from "../pages/account-page/run-action.ts";

/** One account's controls: each change is one request, one audited action. */
function UserRow({
  user,
  onChanged,
}: {
  readonly user: AdminUser;
  readonly onChanged: (user: AdminUser) => void;
}) {
  const { t } = useTranslation("admin");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [flag, setFlag] = useState<string>(FEATURE_FLAGS[0]);
  const [password, setPassword] = useState<string | null>(null);
  const change = (what: string, body: UserChange) =>
    runAction(what, async () => {
      const answer = await apiRequest(`/api/admin/users/${user.id}`, userChangeResponseSchema, { body });
      onChanged(answer.user);
      if (answer.password) setPassword(answer.password);
    });
  async function grant(event: FormEvent) {
    event.preventDefault();
    if (await change(t("users.creditsChanged"), { change: "credits", amount: Number(amount), reason })) {
      setAmount("");
      setReason("");
    }
  }
  const flagOn = user.flags.includes(flag);
  return (
    <li className="panel admin-user" data-testid="admin-user" aria-label={user.email}>
      <div className="admin-user-head">
        <strong>@{user.handle}</strong> <span>{user.email}</span>
        {user.is_staff && <span className="admin-tag">{t("users.staffTag")}</span>}
        {user.locked && <span className="admin-tag admin-tag-alert">{t("users.lockedTag")}</span>}
        {user.subscription_status === "past_due" && (
          <span className="admin-tag admin-tag-alert">{t("users.pastDueTag")}</span>
        )}
        <span>{t("users.credits", { count: user.credits })}</span>
      </div>
      <div className="admin-controls">
        <label>
          {t("users.plan")}
          <select
            value={user.plan_key}
            onChange={(event) =>
              void change(t("users.planChanged"), { change: "plan", plan_key: event.target.value as PlanKey })
            }
          >
            {PLAN_KEYS.map((plan) => (
              <option key={plan} value={plan}>
                {PLAN_NAMES[plan]}
              </option>
            ))}
          </select>
        </label>
        <form onSubmit={grant} className="admin-inline-form">
          <label>
            {t("users.creditsInput")}
            <input type="number" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </label>
          <label>
            {t("users.reason")}
            <input value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
          <button type="submit" disabled={amount === "" || reason.trim().length < 3}>
            {t("users.grant")}
          </button>
        </form>
        <label>
          {t("users.flag")}
          <select value={flag} onChange={(event) => setFlag(event.target.value)}>
            {FEATURE_FLAGS.map((name) => (
              <option key={name} value={name}>
                {name}
                {user.flags.includes(name) ? ` ${t("users.flagOn")}` : ""}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="secondary-button"
          onClick={() =>
            void change(t("users.flagChanged"), { change: "flag", flag: flag as FeatureFlag, on: !flagOn })
          }
        >
          {flagOn ? t("users.turnOff") : t("users.turnOn")}
        </button>
        <button
          type="button"
          className="secondary-button"
          onClick={() => void change(t("users.staffChanged"), { change: "staff", on: !user.is_staff })}
        >
          {user.is_staff ? t("users.removeStaff") : t("users.makeStaff")}
        </button>
        <button
          type="button"
          className="secondary-button"
          onClick={() =>
            void change(user.locked ? t("users.unlocked") : t("users.locked"), {
              change: "lock",
              on: !user.locked,
            })
          }
        >
          {user.locked ? t("users.unlock") : t("users.lock")}
        </button>
        <button
          type="button"
          className="secondary-button"
          onClick={() =>
            void change(t("users.subscriptionChanged"), {
              change: "subscription",
              status: user.subscription_status === "past_due" ? "active" : "past_due",
            })
          }
        >
          {user.subscription_status === "past_due" ? t("users.markPaid") : t("users.markPastDue")}
        </button>
        <button
          type="button"
          className="secondary-button"
          onClick={() => void change(t("users.passwordReset"), { change: "password" })}
        >
          {t("users.resetPassword")}
        </button>
      </div>
      {password && (
        <p role="status" className="admin-secret">
          {t("users.newPassword")} <code>{password}</code>
        </p>
      )}
    </li>
  );
}

export function UsersPanel() {
  const { t } = useTranslation("admin");
  const [query, setQuery] = useState("");
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function search(event?: FormEvent) {
    event?.preventDefault();
    try {
      setUsers((await apiRequest(`/api/admin/users?q=${encodeURIComponent(query)}`, userListSchema)).users);
      setFailure(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }
  const replace = (next: AdminUser) =>
    setUsers((list) => list?.map((user) => (user.id === next.id ? next : user)) ?? null);
  return (
    <section aria-label={t("tabs.users")}>
      <form className="admin-inline-form" onSubmit={search}>
        <label>
          {t("users.searchLabel")}
          <input value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <button type="submit">{t("users.search")}</button>
      </form>
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {users === null ? (
        <p className="account-note">{t("users.searchHelp")}</p>
      ) : users.length === 0 ? (
        <p className="account-note">{t("users.noMatch")}</p>
      ) : (
        <ul className="admin-list">
          {users.map((user) => (
            <UserRow key={user.id} user={user} onChanged={replace} />
          ))}
        </ul>
      )}
    </section>
  );
}
