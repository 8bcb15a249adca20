import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Persona } from "../../../shared/api/personas.ts";
import { PersonaLink, personaFace } from "../../covers/PersonaAvatar.tsx";
import { i18n, labelled } from "../../i18n/i18n.ts";
import { CreateModal } from "../../shell/CreateModal.tsx";
import { type CreateTab, CreateTabs } from "../CreateTabs.tsx";
import { SearchInput } from "../SearchInput.tsx";
import { toggleLoveWithToast } from "./persona-love.ts";
import { listPersonas, type PersonaList, searchMyPersonas } from "./personas-api.ts";
import "./personas.css";

interface PersonaPickerProps {
  readonly selectedId: string | null;
  readonly onPick: (persona: Persona) => void;
  readonly onCreate: () => void;
  readonly onClose: () => void;
}

const TABS: readonly CreateTab<PersonaList>[] = [
  labelled({ value: "mine" }, () => i18n.t("create:personaPicker.myPersonas")),
  labelled({ value: "loved" }, () => i18n.t("create:personaPicker.favorites")),
  labelled({ value: "followed" }, () => i18n.t("create:personaPicker.following")),
];

const SEARCH_DEBOUNCE_MS = 300;

function EmptyState({ list, searching }: { readonly list: PersonaList; readonly searching: boolean }) {
  const { t } = useTranslation("create");
  if (list === "loved") return <p className="create-empty">{t("personaPicker.favoriteAPersonaTo")}</p>;
  if (list === "followed") return <p className="create-empty">{t("personaPicker.followAPersonaTo")}</p>;
  if (searching) return <p className="create-empty">{t("personaPicker.noPersonasFound")}</p>;
  return (
    <div className="create-empty">
      <strong>{t("personaPicker.noPersonas")}</strong>
      {t("personaPicker.personasLetYouCreate")}
    </div>
  );
}

/** The persona picker: my personas (with search), favorites and followed, each playable and lovable. */
export function PersonaPicker({ selectedId, onPick, onCreate, onClose }: PersonaPickerProps) {
  const { t } = useTranslation("create");
  const [list, setList] = useState<PersonaList>("mine");
  const [term, setTerm] = useState("");
  const [personas, setPersonas] = useState<Persona[] | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const preview = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    let live = true;
    setPersonas(null);
    const searching = list === "mine" && term.trim() !== "";
    const timer = setTimeout(
      () => {
        (searching ? searchMyPersonas(term.trim()) : listPersonas(list))
          .then((found) => live && setPersonas(found))
          .catch((error: unknown) => {
            // The spec: failures loading personas are only logged.
            console.warn("Could not load personas", error);
            if (live) setPersonas([]);
          });
      },
      searching ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [list, term]);

  useEffect(() => () => preview.current?.pause(), []);

  const play = (persona: Persona) => {
    preview.current?.pause();
    if (playing === persona.id || persona.clip.audio_url === null) {
      setPlaying(null);
      return;
    }
    const audio = new Audio(persona.clip.audio_url);
    audio.volume = 0.8;
    audio.onended = () => setPlaying(null);
    preview.current = audio;
    void audio.play().catch(() => setPlaying(null));
    setPlaying(persona.id);
  };

  const love = async (persona: Persona) => {
    const answer = await toggleLoveWithToast(persona);
    if (answer === null) return;
    setPersonas(
      (current) =>
        current?.map((item) =>
          item.id === persona.id
            ? { ...item, is_loved: answer.loved, upvote_count: answer.upvote_count }
            : item,
        ) ?? null,
    );
  };

  return (
    <CreateModal
      titleId="persona-title"
      title={
        <>
          {t("personaPicker.personas")} <span className="create-beta">{t("personaPicker.beta")}</span>
        </>
      }
      className="persona-modal"
      testId="persona-picker"
      onClose={onClose}
      closeOnBackdrop
    >
      <p className="create-note">{t("personaPicker.personasCopyTheVoice")}</p>
      <CreateTabs label={t("personaPicker.personaLists")} tabs={TABS} selected={list} onSelect={setList} />
      {list === "mine" && (
        <SearchInput label={t("personaPicker.searchPersonas")} value={term} onChange={setTerm} />
      )}
      <ul className="create-modal-list tall">
        {list === "mine" && (
          <li className="create-modal-row">
            <button type="button" className="grow link-like" onClick={onCreate}>
              {t("personaPicker.createNewPersona")}
            </button>
          </li>
        )}
        {personas?.map((persona) => (
          <li
            key={persona.id}
            className={`create-modal-row ${selectedId === persona.id ? "selected" : ""}`}
            data-testid="persona-row"
          >
            <PersonaLink persona={personaFace(persona)} size={40} newTab decorative />
            <button type="button" className="grow link-like" onClick={() => onPick(persona)}>
              <span>{persona.name}</span>
              <small>{persona.clip.metadata.tags ?? ""}</small>
            </button>
            <button
              type="button"
              className="create-icon-button"
              aria-label={
                playing === persona.id
                  ? t("personaPicker.pause", { name: persona.name })
                  : t("personaPicker.play", { name: persona.name })
              }
              disabled={persona.clip.audio_url === null}
              onClick={() => play(persona)}
            >
              {playing === persona.id ? "❚❚" : "▶"}
            </button>
            <button
              type="button"
              className="create-icon-button"
              aria-label={persona.is_loved ? t("personaPicker.unfavorite") : t("personaPicker.favorite")}
              aria-pressed={persona.is_loved}
              onClick={() => void love(persona)}
            >
              {persona.is_loved ? "♥" : "♡"}
            </button>
            <a
              href={`/persona/${persona.id}`}
              target="_blank"
              rel="noreferrer"
              aria-label={t("personaPicker.open", { name: persona.name })}
            >
              ↗
            </a>
          </li>
        ))}
      </ul>
      {personas === null && <p className="create-empty">{t("personaPicker.loading")}</p>}
      {personas?.length === 0 && <EmptyState list={list} searching={term.trim() !== ""} />}
    </CreateModal>
  );
}
