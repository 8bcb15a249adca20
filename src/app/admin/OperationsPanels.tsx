import { type FormEvent, useState } from "react";
import {
  auditListSchema,
  flagListSchema,
  healthViewSchema,
  jobsViewSchema,
  madeCodesSchema,
  pendingRequestsSchema,
} from "../../shared/api/admin.ts";
import { apiRequest, apiSend } from "../account/api-request.ts";
import { runAction } from "../pages/account-page/run-action.ts";
import { useAdminData } from "./use-admin-data.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function UpgradesPanel() {
  const { data, reload } = useAdminData("/api/admin/upgrade-requests", pendingRequestsSchema);
  const [plan, setPlan] = useState("pro");
  const [credits, setCredits] = useState("0");
  const [count, setCount] = useState("1");
  const [codes, setCodes] = useState<string[]>([]);
  const decide = async (id: string, approve: boolean) => {
    if (
      await runAction(approve ? "Approved" : "Denied", () =>
        apiSend(`/api/admin/upgrade-requests/${id}`, { method: "POST", body: { approve } }),
      )
    )
      await reload();
  };
  async function make(event: FormEvent) {
    event.preventDefault();
    const body = { plan_key: plan === "none" ? null : plan, credits: Number(credits), count: Number(count) };
    await runAction("Codes made", async () => {
      setCodes(
        (await apiRequest("/api/admin/codes", madeCodesSchema, { body })).codes.map((code) => code.code),
      );
    });
  }
  return (
    <section aria-label="Upgrades">
      <h2>Waiting requests</h2>
      {data === null ? (
        <p className="page-loading">Loading...</p>
      ) : data.requests.length === 0 ? (
        <p className="account-note">No requests waiting.</p>
      ) : (
        <ul className="admin-list">
          {data.requests.map((request) => (
            <li key={request.id} className="panel admin-report">
              <div>
                @{request.handle} ({request.email}) asks for{" "}
                {[request.plan_key, request.credits ? `${request.credits} credits` : null]
                  .filter(Boolean)
                  .join(" and ")}{" "}
                · {when(request.created_at)}
              </div>
              <div className="admin-controls">
                <button type="button" onClick={() => void decide(request.id, true)}>
                  Approve
                </button>
                <button
                  type="button"
                  className="secondary-button"
                  onClick={() => void decide(request.id, false)}
                >
                  Deny
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2>Make codes</h2>
      <form className="admin-inline-form" onSubmit={make}>
        <label>
          Plan
          <select value={plan} onChange={(event) => setPlan(event.target.value)}>
            <option value="pro">Pro</option>
            <option value="premier">Premier</option>
            <option value="none">No plan (credits only)</option>
          </select>
        </label>
        <label>
          Credits
          <input type="number" min={0} value={credits} onChange={(event) => setCredits(event.target.value)} />
        </label>
        <label>
          How many
          <input
            type="number"
            min={1}
            max={100}
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        </label>
        <button type="submit">Make codes</button>
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
  const { data, reload } = useAdminData("/api/admin/flags", flagListSchema);
  const [shares, setShares] = useState<Record<string, string>>({});
  if (!data) return <p className="page-loading">Loading...</p>;
  return (
    <section aria-label="Feature flags">
      <p className="account-note">
        A flag at N% is on for the same N% of accounts every time; 100% is everyone. Flags given per account
        stay on.
      </p>
      <table className="ledger">
        <thead>
          <tr>
            <th scope="col">Flag</th>
            <th scope="col">Share of users</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {data.flags.map((flag) => (
            <tr key={flag.flag}>
              <td>{flag.flag}</td>
              <td>
                <input
                  aria-label={`${flag.flag} percent`}
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
                      await runAction("Flag saved", () =>
                        apiSend("/api/admin/flags", { method: "POST", body }),
                      )
                    )
                      await reload();
                  }}
                >
                  Save
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
  const [message, setMessage] = useState("");
  async function send(event: FormEvent) {
    event.preventDefault();
    if (
      await runAction("Announcement sent", () =>
        apiSend("/api/admin/announcements", { method: "POST", body: { message } }),
      )
    )
      setMessage("");
  }
  return (
    <form className="account-form" onSubmit={send} aria-label="Announcement">
      <label>
        Announcement to everyone (a notification)
        <textarea
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={3}
          cols={60}
          maxLength={1000}
        />
      </label>
      <button type="submit" disabled={message.trim() === ""}>
        Send
      </button>
    </form>
  );
}

export function JobsPanel() {
  const { data } = useAdminData("/api/admin/jobs", jobsViewSchema);
  if (!data) return <p className="page-loading">Loading...</p>;
  const list = (clips: typeof data.running, empty: string) =>
    clips.length === 0 ? (
      <p className="account-note">{empty}</p>
    ) : (
      <ul className="admin-list">
        {clips.map((clip) => (
          <li key={clip.clip_id}>
            {clip.title || "Untitled"} by @{clip.owner_handle} · {clip.status} · {when(clip.created_at)}
            {clip.status === "error" && (clip.refunded ? " · refunded" : " · not refunded")}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-label="Generation jobs">
      <p>
        Queue:{" "}
        {Object.keys(data.queue).length === 0
          ? "empty"
          : Object.entries(data.queue)
              .map(([state, count]) => `${count} ${state}`)
              .join(", ")}
      </p>
      <h2>Running</h2>
      {list(data.running, "Nothing is rendering.")}
      <h2>Failed</h2>
      {list(data.failed, "No failed songs.")}
    </section>
  );
}

export function HealthPanel() {
  const { data } = useAdminData("/api/admin/health", healthViewSchema);
  if (!data) return <p className="page-loading">Loading...</p>;
  const megabytes =
    data.database.size_bytes === null ? "unknown size" : `${(data.database.size_bytes / 1e6).toFixed(1)} MB`;
  return (
    <dl className="usage-list" aria-label="Health">
      <dt>Database</dt>
      <dd>
        {data.database.backend}, {data.database.reachable ? "answering" : "not answering"}, {megabytes}
      </dd>
      <dt>Storage</dt>
      <dd>{data.storage.writable ? "writable" : `not writable: ${data.storage.detail}`}</dd>
      <dt>Accounts</dt>
      <dd>{data.counts.users}</dd>
      <dt>Songs</dt>
      <dd>{data.counts.songs}</dd>
      <dt>Open reports</dt>
      <dd>{data.counts.open_reports}</dd>
    </dl>
  );
}

export function AuditPanel() {
  const { data } = useAdminData("/api/admin/audit", auditListSchema);
  if (!data) return <p className="page-loading">Loading...</p>;
  if (data.entries.length === 0) return <p className="account-note">No staff actions yet.</p>;
  return (
    <table className="ledger" aria-label="Audit log">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">On</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {data.entries.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.created_at)}</td>
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
