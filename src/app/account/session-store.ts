// Who is signed in, and their credits and models: one store for every page. The session loads once;
// billing reloads after each generation (credits are taken when it starts, given back if it fails).

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import {
  type AuthResponse,
  authResponseSchema,
  type LoginBody,
  type Session,
  type SignupBody,
  sessionSchema,
} from "../../shared/api/accounts.ts";
import { type BillingInfo, billingInfoSchema } from "../../shared/api/billing.ts";
import { formMemory } from "../../shared/create/form-memory.ts";
import { apiRequest, apiSend } from "./api-request.ts";

export interface AccountState {
  /** null until the first answer. */
  readonly session: Session | null;
  readonly billing: BillingInfo | null;
  /** Why the session could not be read (server unreachable), if it could not. */
  readonly error: string | null;
}

export const accountStore = createStore<AccountState>(() => ({ session: null, billing: null, error: null }));

export const useAccount = <T>(select: (state: AccountState) => T): T => useStore(accountStore, select);

export async function refreshBilling(): Promise<void> {
  if (accountStore.getState().session?.user == null) return;
  try {
    const billing = await apiRequest("/api/billing/info/", billingInfoSchema);
    accountStore.setState({ billing });
  } catch (error) {
    console.warn("Could not load credits", error);
  }
}

let loading: Promise<void> | null = null;

/** Loads the session (once; again with `force`), then the credits when someone is signed in. */
export function loadSession(force = false): Promise<void> {
  if (loading !== null && !force) return loading;
  loading = (async () => {
    try {
      const session = await apiRequest("/api/session", sessionSchema);
      accountStore.setState(
        session.user === null ? { session, error: null, billing: null } : { session, error: null },
      );
      await refreshBilling();
    } catch (error) {
      accountStore.setState({ error: error instanceof Error ? error.message : String(error) });
    }
  })();
  return loading;
}

function signedIn(answer: AuthResponse): void {
  accountStore.setState({ session: answer.session, billing: null, error: null });
  loading = Promise.resolve();
  void refreshBilling();
}

export async function signIn(body: LoginBody): Promise<void> {
  signedIn(await apiRequest("/api/auth/login", authResponseSchema, { body }));
}

export async function signUp(body: SignupBody): Promise<void> {
  signedIn(await apiRequest("/api/auth/signup", authResponseSchema, { body }));
}

export async function signOut(): Promise<void> {
  await apiSend("/api/auth/logout", { method: "POST" });
  // The create forms remembered in this browser were this person's: the next one starts fresh.
  for (const place of ["create", "studio"] as const) formMemory(window.localStorage, place, Date.now).reset();
  loading = null;
  await loadSession(true);
}
