import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PLAN_NAMES } from "../../shared/account/plans.ts";
import {
  auditListSchema,
  flagListSchema,
  healthViewSchema,
  jobsViewSchema,
  madeCodesSchema,
  pendingRequestsSchema,
} from "../../shared/api/admin.ts";
import { apiRequest, apiSend } from "../account/api-request.ts";
import { useLocaleFormat } from "../i18n/use-locale-format.ts";
import { runAction } from "../pages/account-page/run-action.ts";
import { useAdminData } from "./use-admin-data.ts";

export function UpgradesPanel() {
  const { t } = useTranslation("admin");
  const format = useLocaleFormat();
  const { data, reload } = useAdminData("/api/admin/upgrade-requests", pendingRequestsSchema);
  const [plan, setPlan] = useState("pro");
  const [credits, setCredits] = useState("0");
  const [count, setCount] = useState("1");
  const [codes, setCodes] = useState<string[]>([]);
  const decide = async (id: string, approve: boolean) => {
    if (
      await runAction(approve ? t("upgrades.approved") : t("upgrades.denied"), () =>
        apiSend(`/api/admin/upgrade-requests/${id}`, { method: "POST", body: { approve } }),
      )
    )
      await reload();
  };
  async function make(event: FormEvent) {
    event.preventDefault();
    const body = { plan_key: plan === "none" ? null : plan, credits: Number(credits), count: Number(count) };
    await runAction(t("upgrades.codesMade"), async () => {
      setCodes(
        (await apiRequest("/api/admin/codes", madeCodesSchema, { body })).codes.map((code) => code.code),
      );
    });
  }
  return (
    <section aria-label={t("tabs.upgrades")}>
      <h2>{t("upgrades.waiting")}</h2>
      {data === null ? (
        <p className="page-loading">{t("common:loading")}</p>
      ) : data.requests.length === 0 ? (
        <p className="account-note">{t("upgrades.noneWaiting")}</p>
      ) : (
        <ul className="admin-list">
          {data.requests.map((request) => (
            <li key={request.id} className="panel admin-report">
              <div>
                {t("upgrades.asksFor", {
                  handle: request.handle,
                  email: request.email,
                  what: [
                    request.plan_key,
                    request.credits ? t("users.credits", { count: request.credits }) : null,
                  ]
                    .filter(Boolean)
                    .join(t("upgrades.and")),
                })}{" "}
                · {format.dateTime(request.created_at)}
              </div>
              <div className="admin-controls">
                <button type="button" onClick={() => void decide(request.id, true)}>
                  {t("upgrades.approve")}
                </button>
                <button
                  type="button"
                  className="secondary-button"
                  onClick={() => void decide(request.id, false)}
                >
                  {t("upgrades.deny")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2>{t("upgrades.makeCodes")}</h2>
      <form className="admin-inline-form" onSubmit={make}>
        <label>
          {t("users.plan")}
          <select value={plan} onChange={(event) => setPlan(event.target.value)}>
            <option value="pro">{PLAN_NAMES.pro}</option>
            <option value="premier">{PLAN_NAMES.premier}</option>
            <option value="none">{t("upgrades.noPlan")}</option>
          </select>
        </label>
        <label>
          {t("upgrades.credits")}
          <input type="number" min={0} value={credits} onChange={(event) => setCredits(event.target.value)} />
        </label>
        <label>
          {t("upgrades.howMany")}
          <input
            type="number"
            min={1}
            max={100}
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        </label>
        <button type="submit">{t("upgrades.makeCodes")}</button>
      </form>
      {codes.length > 0 && (
        <pre className="admin-codes" data-testid="made-codes">
          {codes.join("\n")}
        </pre>
      )}
    </section>
  );
}

export function FlagsPanel() {
  const { t } = useTranslation("admin");
  const { data, reload } = useAdminData("/api/admin/flags", flagListSchema);
  const [shares, setShares] = useState<Record<string, string>>({});
  if (!data) return <p className="page-loading">{t("common:loading")}</p>;
  return (
    <section aria-label={t("tabs.flags")}>
      <p className="account-note">{t("flags.help")}</p>
      <table className="ledger">
        <thead>
          <tr>
            <th scope="col">{t("users.flag")}</th>
            <th scope="col">{t("flags.share")}</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {data.flags.map((flag) => (
            <tr key={flag.flag}>
              <td>{flag.flag}</td>
              <td>
                <input
                  aria-label={t("flags.percentOf", { flag: flag.flag })}
                  type="number"
                  min={0}
                  max={100}
                  value={shares[flag.flag] ?? String(flag.percent)}
                  onChange={(event) => setShares({ ...shares, [flag.flag]: event.target.value })}
                />
                %
              </td>
              <td>
                <button
                  type="button"
                  onClick={async () => {
                    const body = { flag: flag.flag, percent: Number(shares[flag.flag] ?? flag.percent) };
                    if (
                      await runAction(t("flags.saved"), () =>
                        apiSend("/api/admin/flags", { method: "POST", body }),
                      )
                    )
                      await reload();
                  }}
                >
                  {t("flags.save")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function AnnouncementsPanel() {
  const { t } = useTranslation("admin");
  const [message, setMessage] = useState("");
  async function send(event: FormEvent) {
    event.preventDefault();
    if (
      await runAction(t("announcements.sent"), () =>
        apiSend("/api/admin/announcements", { method: "POST", body: { message } }),
      )
    )
      setMessage("");
  }
  return (
    <form className="account-form" onSubmit={send} aria-label={t("announcements.label")}>
      <label>
        {t("announcements.field")}
        <textarea
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={3}
          cols={60}
          maxLength={1000}
        />
      </label>
      <button type="submit" disabled={message.trim() === ""}>
        {t("announcements.send")}
      </button>
    </form>
  );
}

export function JobsPanel() {
  const { t } = useTranslation("admin");
  const format = useLocaleFormat();
  const { data } = useAdminData("/api/admin/jobs", jobsViewSchema);
  if (!data) return <p className="page-loading">{t("common:loading")}</p>;
  const list = (clips: typeof data.running, empty: string) =>
    clips.length === 0 ? (
      <p className="account-note">{empty}</p>
    ) : (
      <ul className="admin-list">
        {clips.map((clip) => (
          <li key={clip.clip_id}>
            {clip.title || t("moderation.untitled")} {t("moderation.byHandle", { handle: clip.owner_handle })}{" "}
            · {clip.status} · {format.dateTime(clip.created_at)}
            {clip.status === "error" && ` · ${clip.refunded ? t("jobs.refunded") : t("jobs.notRefunded")}`}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-label={t("tabs.jobs")}>
      <p>
        {t("jobs.queue", {
          queue:
            Object.keys(data.queue).length === 0
              ? t("jobs.empty")
              : Object.entries(data.queue)
                  .map(([state, count]) => `${count} ${state}`)
                  .join(", "),
        })}
      </p>
      <h2>{t("jobs.running")}</h2>
      {list(data.running, t("jobs.nothingRendering"))}
      <h2>{t("jobs.failed")}</h2>
      {list(data.failed, t("jobs.noFailed"))}
    </section>
  );
}

export function HealthPanel() {
  const { t } = useTranslation("admin");
  const format = useLocaleFormat();
  const { data } = useAdminData("/api/admin/health", healthViewSchema);
  if (!data) return <p className="page-loading">{t("common:loading")}</p>;
  const megabytes =
    data.database.size_bytes === null
      ? t("health.unknownSize")
      : t("health.megabytes", { size: format.number(Math.round(data.database.size_bytes / 1e5) / 10) });
  return (
    <dl className="usage-list" aria-label={t("tabs.health")}>
      <dt>{t("health.database")}</dt>
      <dd>
        {data.database.backend}, {data.database.reachable ? t("health.answering") : t("health.notAnswering")},{" "}
        {megabytes}
      </dd>
      <dt>{t("health.storage")}</dt>
      <dd>
        {data.storage.writable
          ? t("health.writable")
          : t("health.notWritable", { detail: data.storage.detail })}
      </dd>
      <dt>{t("health.accounts")}</dt>
      <dd>{data.counts.users}</dd>
      <dt>{t("health.songs")}</dt>
      <dd>{data.counts.songs}</dd>
      <dt>{t("health.openReports")}</dt>
      <dd>{data.counts.open_reports}</dd>
    </dl>
  );
}

export function AuditPanel() {
  const { t } = useTranslation("admin");
  const format = useLocaleFormat();
  const { data } = useAdminData("/api/admin/audit", auditListSchema);
  if (!data) return <p className="page-loading">{t("common:loading")}</p>;
  if (data.entries.length === 0) return <p className="account-note">{t("audit.none")}</p>;
  return (
    <table className="ledger" aria-label={t("tabs.audit")}>
      <thead>
        <tr>
          <th scope="col">{t("audit.when")}</th>
          <th scope="col">{t("audit.who")}</th>
          <th scope="col">{t("audit.action")}</th>
          <th scope="col">{t("audit.on")}</th>
          <th scope="col">{t("audit.details")}</th>
        </tr>
      </thead>
      <tbody>
        {data.entries.map((entry) => (
          <tr key={entry.id}>
            <td>{format.dateTime(entry.created_at)}</td>
            <td>@{entry.staff_handle}</td>
            <td>{entry.action}</td>
            <td>{entry.target}</td>
            <td>{Object.keys(entry.details).length === 0 ? "" : JSON.stringify(entry.details)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
