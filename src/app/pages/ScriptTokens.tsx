import { type FormEvent, useCallback, useEffect, useState } from "react";
import {
  API_TOKEN_NAME_MAX,
  type ApiToken,
  type ApiTokenScope,
  apiTokenListSchema,
  createdApiTokenSchema,
} from "../../shared/api/api-tokens.ts";
import { apiRequest, apiSend } from "../account/api-request.ts";
import { useLocaleFormat } from "../i18n/use-locale-format.ts";
import { showToast } from "../shell/toast-store.ts";

const TOKENS_PATH = "/api/account/api-tokens";

const failed = (what: string, error: unknown) =>
  showToast({
    kind: "error",
    title: `Could not ${what}`,
    description: error instanceof Error ? error.message : String(error),
    durationMs: 6000,
  });

/** A token just made: its secret, shown this once, with a copy button. */
function NewSecret({ token, onDone }: { readonly token: string; readonly onDone: () => void }) {
  return (
    <div className="token-secret" role="status" data-testid="token-secret">
      <p>Copy the token now: it is not shown again.</p>
      <code>{token}</code>
      <div className="token-secret-actions">
        <button
          type="button"
          className="create-small-button"
          onClick={() =>
            void navigator.clipboard
              .writeText(token)
              .then(() => showToast({ kind: "success", title: "Token copied", durationMs: 3000 }))
              .catch((error) => failed("copy the token", error))
          }
        >
          Copy
        </button>
        <button type="button" className="create-small-button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/**
 * The tokens scripts sign in with: made with a name and a scope (read, or read and write), listed
 * with when each was last used, revoked at once. Scripts send one as `Authorization: Bearer <token>`.
 */
export function ScriptTokens() {
  const [tokens, setTokens] = useState<readonly ApiToken[] | null>(null);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScope>("read");
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const now = Date.now();
  const format = useLocaleFormat();

  const load = useCallback(async () => {
    try {
      setTokens((await apiRequest(TOKENS_PATH, apiTokenListSchema)).tokens);
    } catch (error) {
      failed("load your tokens", error);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const made = await apiRequest(TOKENS_PATH, createdApiTokenSchema, { body: { name, scope } });
      setSecret(made.token);
      setName("");
      await load();
    } catch (error) {
      failed("make the token", error);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(token: ApiToken) {
    if (!window.confirm(`Revoke "${token.name}"? Scripts using it stop working at once.`)) return;
    try {
      await apiSend(`${TOKENS_PATH}/${token.id}`, { method: "DELETE" });
      showToast({ kind: "info", title: `Revoked "${token.name}"`, durationMs: 4000 });
      await load();
    } catch (error) {
      failed("revoke the token", error);
    }
  }

  return (
    <section className="script-tokens" aria-labelledby="script-tokens-title">
      <h2 id="script-tokens-title">Script tokens</h2>
      <p className="script-tokens-help">
        Scripts sign in with a token sent as <code>Authorization: Bearer &lt;token&gt;</code>. A read token
        can list and download; a write token can also create songs and change your library. See the{" "}
        <a href="/api/docs">API reference</a>. Name each token after what uses it, a nightly backup say, so
        you know which to revoke.
      </p>
      <form className="script-token-form" onSubmit={(event) => void create(event)}>
        <label>
          Name
          <input
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            required
          />
        </label>
        <label>
          Scope
          <select value={scope} onChange={(event) => setScope(event.target.value as ApiTokenScope)}>
            <option value="read">Read</option>
            <option value="write">Read and write</option>
          </select>
        </label>
        <button type="submit" className="create-small-button" disabled={busy || name.trim() === ""}>
          {busy ? "Making..." : "Make token"}
        </button>
      </form>
      {secret !== null && <NewSecret token={secret} onDone={() => setSecret(null)} />}
      {tokens === null ? (
        <p className="page-loading">Loading...</p>
      ) : tokens.length === 0 ? (
        <p className="script-tokens-empty" data-testid="script-tokens-empty">
          No tokens yet. Make one above to use the API from a script.
        </p>
      ) : (
        <table className="script-token-list" aria-label="Script tokens">
          <thead>
            <tr>
              <th>Name</th>
              <th>Scope</th>
              <th>Made</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id} data-testid="script-token-row">
                <td>{token.name}</td>
                <td>{token.scope === "write" ? "Read and write" : "Read"}</td>
                <td>{format.timeAgo(token.created_at, now)}</td>
                <td data-testid="script-token-last-used">
                  {token.last_used_at === null ? "Never" : format.timeAgo(token.last_used_at, now)}
                </td>
                <td>
                  <button type="button" className="create-small-button" onClick={() => void revoke(token)}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
