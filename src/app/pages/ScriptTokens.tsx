import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import {
  API_TOKEN_NAME_MAX,
  type ApiToken,
  type ApiTokenScope,
  apiTokenListSchema,
  createdApiTokenSchema,
} from "../../shared/api/api-tokens.ts";
import { apiRequest, apiSend } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { useLocaleFormat } from "../i18n/use-locale-format.ts";
import { showToast } from "../shell/toast-store.ts";

const TOKENS_PATH = "/api/account/api-tokens";

/** The toast title of each step that can be refused. */
type Step = "copyFailed" | "loadFailed" | "makeFailed" | "revokeFailed";

const failed = (what: Step, error: unknown) =>
  showToast({
    kind: "error",
    title: i18n.t(`account:scriptTokens.${what}`),
    description: error instanceof Error ? error.message : String(error),
    durationMs: 6000,
  });

/** A token just made: its secret, shown this once, with a copy button. */
function NewSecret({ token, onDone }: { readonly token: string; readonly onDone: () => void }) {
  const { t } = useTranslation("account");
  return (
    <div className="token-secret" role="status" data-testid="token-secret">
      <p>{t("scriptTokens.copyNow")}</p>
      <code>{token}</code>
      <div className="token-secret-actions">
        <button
          type="button"
          className="create-small-button"
          onClick={() =>
            void navigator.clipboard
              .writeText(token)
              .then(() => showToast({ kind: "success", title: t("scriptTokens.copied"), durationMs: 3000 }))
              .catch((error) => failed("copyFailed", error))
          }
        >
          {t("scriptTokens.copy")}
        </button>
        <button type="button" className="create-small-button" onClick={onDone}>
          {t("scriptTokens.done")}
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
  const { t } = useTranslation("account");
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
      failed("loadFailed", error);
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
      failed("makeFailed", error);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(token: ApiToken) {
    if (!window.confirm(t("scriptTokens.revokeConfirm", { name: token.name }))) return;
    try {
      await apiSend(`${TOKENS_PATH}/${token.id}`, { method: "DELETE" });
      showToast({ kind: "info", title: t("scriptTokens.revoked", { name: token.name }), durationMs: 4000 });
      await load();
    } catch (error) {
      failed("revokeFailed", error);
    }
  }

  return (
    <section className="script-tokens" aria-labelledby="script-tokens-title">
      <h2 id="script-tokens-title">{t("scriptTokens.title")}</h2>
      <p className="script-tokens-help">
        <Trans
          t={t}
          i18nKey="scriptTokens.help"
          values={{ header: "Authorization: Bearer <token>" }}
          // biome-ignore lint/a11y/useAnchorContent: Trans fills the link with the translated words
          components={{ code: <code />, docs: <a href="/api/docs" /> }}
        />
      </p>
      <form className="script-token-form" onSubmit={(event) => void create(event)}>
        <label>
          {t("scriptTokens.name")}
          <input
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            required
          />
        </label>
        <label>
          {t("scriptTokens.scope")}
          <select value={scope} onChange={(event) => setScope(event.target.value as ApiTokenScope)}>
            <option value="read">{t("scriptTokens.read")}</option>
            <option value="write">{t("scriptTokens.readWrite")}</option>
          </select>
        </label>
        <button type="submit" className="create-small-button" disabled={busy || name.trim() === ""}>
          {busy ? t("scriptTokens.making") : t("scriptTokens.make")}
        </button>
      </form>
      {secret !== null && <NewSecret token={secret} onDone={() => setSecret(null)} />}
      {tokens === null ? (
        <p className="page-loading">{t("common:loading")}</p>
      ) : tokens.length === 0 ? (
        <p className="script-tokens-empty" data-testid="script-tokens-empty">
          {t("scriptTokens.empty")}
        </p>
      ) : (
        <table className="script-token-list" aria-label={t("scriptTokens.title")}>
          <thead>
            <tr>
              <th>{t("scriptTokens.name")}</th>
              <th>{t("scriptTokens.scope")}</th>
              <th>{t("scriptTokens.made")}</th>
              <th>{t("scriptTokens.lastUsed")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id} data-testid="script-token-row">
                <td>{token.name}</td>
                <td>{token.scope === "write" ? t("scriptTokens.readWrite") : t("scriptTokens.read")}</td>
                <td>{format.timeAgo(token.created_at, now)}</td>
                <td data-testid="script-token-last-used">
                  {token.last_used_at === null
                    ? t("scriptTokens.never")
                    : format.timeAgo(token.last_used_at, now)}
                </td>
                <td>
                  <button type="button" className="create-small-button" onClick={() => void revoke(token)}>
                    {t("scriptTokens.revoke")}
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
