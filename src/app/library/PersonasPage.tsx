import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  NO_FOLLOWED_PERSONAS,
  NO_LOVED_PERSONAS,
  type Persona,
  personaListResponseSchema,
} from "../../shared/api/personas.ts";
import { DialogHost } from "../../ui/DialogHost.tsx";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { useSignedIn } from "../account/use-signed-in.ts";
import { PersonaLink, personaFace } from "../covers/PersonaAvatar.tsx";
import { Link } from "../router/Link.tsx";
import { useLocation } from "../router/use-location.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { EditPersonaForm } from "./EditPersonaForm.tsx";
import { LibraryHead } from "./LibraryHead.tsx";
import { setPublic, setTrashed } from "./persona-actions.ts";
import "../create/create.css";
import "../songs/songs.css";
import "./library.css";

const TABS = {
  mine: {
    key: "personasPage.myPersonas",
    path: "/api/persona/get-personas/",
    none: null,
    problem: "personasPage.couldNotLoad",
    empty: "personasPage.youHaveNoPersonas",
  },
  loved: {
    key: "personasPage.loved",
    path: "/api/persona/get-loved-personas/",
    none: NO_LOVED_PERSONAS,
    problem: "personasPage.couldNotLoad",
    empty: "personasPage.personasYouLoveWill",
  },
  followed: {
    key: "personasPage.followed",
    path: "/api/persona/get-followed-personas/",
    none: NO_FOLLOWED_PERSONAS,
    problem: "personasPage.couldNotLoad",
    empty: "personasPage.personasYouFollowWill",
  },
  // The public personas the product offers everyone.
  tunesmith: {
    key: "personasPage.publicTab",
    path: "/api/persona/get-tunesmith-personas/",
    none: null,
    problem: "personasPage.errorFetchingPublic",
    empty: "personasPage.noPublicPersonas",
  },
  trashed: {
    key: "personasPage.trashed",
    path: "/api/persona/get-trashed-personas/",
    none: null,
    problem: "personasPage.errorFetchingTrashed",
    empty: "personasPage.theTrashIsEmpty",
  },
} as const;
type Tab = keyof typeof TABS;

const tabOf = (search: string): Tab => {
  const asked = new URLSearchParams(search).get("tab");
  return asked !== null && Object.hasOwn(TABS, asked) ? (asked as Tab) : "mine";
};

interface Listing {
  readonly personas: readonly Persona[];
  readonly page: number;
  readonly hasMore: boolean;
  readonly loaded: boolean;
  readonly problem: string | null;
}

const EMPTY: Listing = { personas: [], page: 0, hasMore: false, loaded: false, problem: null };

/** One page of a list (20 a page); the spec's "none found" 404s are an empty list. */
async function fetchPage(tab: Tab, page: number) {
  try {
    return await apiRequest(`${TABS[tab].path}?page=${page}`, personaListResponseSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.detail === TABS[tab].none) {
      return { personas: [], has_more: false };
    }
    throw error;
  }
}

function PersonaCard({
  persona,
  hasPublic,
  changed,
}: {
  readonly persona: Persona;
  readonly hasPublic: boolean;
  readonly changed: () => void;
}) {
  const { t } = useTranslation("library");
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="persona-card" data-testid="persona-card">
        <EditPersonaForm
          persona={persona}
          hasPublic={hasPublic}
          onDone={() => setEditing(false)}
          changed={changed}
        />
      </li>
    );
  }
  return (
    <li className="persona-card" data-testid="persona-card">
      <PersonaLink persona={personaFace(persona)} size={48} decorative />
      <div className="persona-card-body">
        <Link href={`/persona/${encodeURIComponent(persona.id)}`} className="persona-card-name">
          {persona.name}
        </Link>
        <span className="persona-card-meta">
          {t("personasPage.by")}
          {persona.user_handle} · {persona.is_public ? t("personasPage.public") : t("personasPage.private")} ·{" "}
          {persona.clip_count} {t("personasPage.songs")} {persona.upvote_count} {t("personasPage.loves")}
        </span>
        {persona.description && <span className="persona-card-meta">{persona.description}</span>}
      </div>
      {persona.is_owned && (
        <div className="clip-actions">
          {!persona.is_trashed && (
            <button type="button" className="create-small-button" onClick={() => setEditing(true)}>
              {t("editPersona.edit")}
            </button>
          )}
          {!persona.is_trashed && (
            <button
              type="button"
              className="create-small-button"
              onClick={() => void setPublic(persona, !persona.is_public, changed)}
            >
              {persona.is_public ? t("personasPage.makePrivate") : t("personasPage.makePublic")}
            </button>
          )}
          <button
            type="button"
            className="create-small-button"
            onClick={() => void setTrashed(persona, !persona.is_trashed, changed)}
          >
            {persona.is_trashed ? t("personasPage.restore") : t("personasPage.moveToTrash")}
          </button>
        </div>
      )}
    </li>
  );
}

/** /me/personas: the user's own personas, the ones they loved and the ones they follow. */
export default function PersonasPage() {
  const { t } = useTranslation("library");
  const { search } = useLocation();
  const session = useSignedIn();
  const tab = tabOf(search);
  const [listing, setListing] = useState<Listing>(EMPTY);

  const load = useCallback(
    async (page: number, signal?: AbortSignal) => {
      try {
        const answer = await fetchPage(tab, page);
        if (signal?.aborted) return;
        setListing((shown) => ({
          personas: page === 1 ? answer.personas : [...shown.personas, ...answer.personas],
          page,
          hasMore: answer.has_more,
          loaded: true,
          problem: null,
        }));
      } catch (error) {
        if (signal?.aborted) return;
        console.warn("The personas could not be loaded", error);
        setListing((shown) => ({ ...shown, loaded: true, problem: TABS[tab].problem }));
      }
    },
    [tab],
  );

  useEffect(() => {
    if (!session?.user) return;
    const abort = new AbortController();
    setListing(EMPTY);
    void load(1, abort.signal);
    return () => abort.abort();
  }, [session?.user, load]);

  if (session === null || !session.user) return <p className="page-loading">{t("personasPage.loading")}</p>;
  return (
    <div className="library-page page">
      <LibraryHead
        title={t("personasPage.personas")}
        tabsLabel={t("personasPage.personaLists")}
        tabs={(Object.keys(TABS) as Tab[]).map((name) => ({
          label: t(TABS[name].key),
          href: name === "mine" ? "/me/personas" : `/me/personas?tab=${name}`,
          current: tab === name,
        }))}
      />
      <section className="panel" aria-label={t(TABS[tab].key)}>
        {listing.problem && (
          <p className="error" role="alert">
            {t(listing.problem)}
          </p>
        )}
        {listing.loaded && !listing.problem && listing.personas.length === 0 && (
          <p className="library-empty">{t(TABS[tab].empty)}</p>
        )}
        <ul className="persona-cards">
          {listing.personas.map((persona) => (
            <PersonaCard
              key={persona.id}
              persona={persona}
              hasPublic={listing.personas.some((other) => other.id !== persona.id && other.is_public)}
              changed={() => void load(1)}
            />
          ))}
        </ul>
        {listing.hasMore && (
          <button type="button" className="secondary" onClick={() => void load(listing.page + 1)}>
            {t("personasPage.loadMore")}
          </button>
        )}
      </section>
      <Toasts />
      <DialogHost />
    </div>
  );
}
