import { useEffect, useRef, useState } from "react";
import type { Persona } from "../../../shared/api/personas.ts";
import { CreateModal } from "../../shell/CreateModal.tsx";
import { type CreateTab, CreateTabs } from "../CreateTabs.tsx";
import { SearchInput } from "../SearchInput.tsx";
import { toggleLoveWithToast } from "./persona-love.ts";
import { listPersonas, type PersonaList, searchMyPersonas } from "./personas-api.ts";

interface PersonaPickerProps {
  readonly selectedId: string | null;
  readonly onPick: (persona: Persona) => void;
  readonly onCreate: () => void;
  readonly onClose: () => void;
}

const TABS: readonly CreateTab<PersonaList>[] = [
  { value: "mine", label: "My Personas" },
  { value: "loved", label: "Favorites" },
  { value: "followed", label: "Following" },
];

const SEARCH_DEBOUNCE_MS = 300;

function EmptyState({ list, searching }: { readonly list: PersonaList; readonly searching: boolean }) {
  if (list === "loved") return <p className="create-empty">Favorite a persona to see it here.</p>;
  if (list === "followed") return <p className="create-empty">Follow a Persona to see it here.</p>;
  if (searching) return <p className="create-empty">No Personas found</p>;
  return (
    <div className="create-empty">
      <strong>No Personas</strong>
      Personas let you create songs that have a similar style and voice.
    </div>
  );
}

/** The persona picker: my personas (with search), favorites and followed, each playable and lovable. */
export function PersonaPicker({ selectedId, onPick, onCreate, onClose }: PersonaPickerProps) {
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
          Personas <span className="create-beta">Beta</span>
        </>
      }
      className="persona-modal"
      testId="persona-picker"
      onClose={onClose}
      closeOnBackdrop
    >
      <p className="create-note">
        Personas copy the voice and styles of a song. Songs made with a persona are up to 4 minutes. Personas
        are for Pro and Premier.
      </p>
      <CreateTabs label="Persona lists" tabs={TABS} selected={list} onSelect={setList} />
      {list === "mine" && <SearchInput label="Search personas" value={term} onChange={setTerm} />}
      <ul className="create-modal-list tall">
        {list === "mine" && (
          <li className="create-modal-row">
            <button type="button" className="grow link-like" onClick={onCreate}>
              + Create New Persona
            </button>
          </li>
        )}
        {personas?.map((persona) => (
          <li
            key={persona.id}
            className={`create-modal-row ${selectedId === persona.id ? "selected" : ""}`}
            data-testid="persona-row"
          >
            {persona.image_url && (
              <img src={persona.image_url} alt="" width={40} height={40} className="persona-image" />
            )}
            <button type="button" className="grow link-like" onClick={() => onPick(persona)}>
              <span>{persona.name}</span>
              <small>{persona.clip.metadata.tags ?? ""}</small>
            </button>
            <button
              type="button"
              className="create-icon-button"
              aria-label={playing === persona.id ? `Pause ${persona.name}` : `Play ${persona.name}`}
              disabled={persona.clip.audio_url === null}
              onClick={() => play(persona)}
            >
              {playing === persona.id ? "❚❚" : "▶"}
            </button>
            <button
              type="button"
              className="create-icon-button"
              aria-label={persona.is_loved ? "Unfavorite" : "Favorite"}
              aria-pressed={persona.is_loved}
              onClick={() => void love(persona)}
            >
              {persona.is_loved ? "♥" : "♡"}
            </button>
            <a
              href={`/persona/${persona.id}`}
              target="_blank"
              rel="noreferrer"
              aria-label={`Open ${persona.name}`}
            >
              ↗
            </a>
          </li>
        ))}
      </ul>
      {personas === null && <p className="create-empty">Loading...</p>}
      {personas?.length === 0 && <EmptyState list={list} searching={term.trim() !== ""} />}
    </CreateModal>
  );
}
