import type { ReactNode } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { type Persona, personaImageUrl } from "../../shared/api/personas.ts";
import { Link } from "../router/Link.tsx";
import "./covers.css";

/** What an avatar needs of a persona, whichever answer it came in. */
export interface PersonaFace {
  readonly id: string;
  readonly name: string | null;
  readonly imageUrl: string | null;
}

/** A song's persona: its own avatar (made from its image prompt) when it has one. */
export const clipPersonaFace = (persona: NonNullable<Clip["persona"]>): PersonaFace => ({
  id: persona.id,
  name: persona.name,
  imageUrl: persona.image_s3_id ? personaImageUrl(persona.image_s3_id) : null,
});

/** A listed persona: its avatar, or the cover of the song it was made from when it has none. */
export const personaFace = (persona: Persona): PersonaFace => ({
  id: persona.id,
  name: persona.name,
  imageUrl: persona.image_url ?? persona.clip.image_url,
});

export const personaPath = (personaId: string) => `/persona/${encodeURIComponent(personaId)}`;

/** The round avatar alone: the picture, or the name's first letter on a tile when there is none. */
export function PersonaAvatar({ persona, size }: { readonly persona: PersonaFace; readonly size: number }) {
  const box = { width: size, height: size, fontSize: Math.round(size * 0.5) };
  if (persona.imageUrl === null) {
    return (
      <span className="persona-avatar persona-avatar-empty" style={box} aria-hidden="true">
        {(persona.name ?? "?").trim().charAt(0).toUpperCase() || "?"}
      </span>
    );
  }
  return (
    <img
      className="persona-avatar"
      src={persona.imageUrl}
      alt=""
      width={size}
      height={size}
      style={box}
      loading="lazy"
      decoding="async"
    />
  );
}

interface PersonaLinkProps {
  readonly persona: PersonaFace;
  readonly size?: number;
  readonly className?: string;
  readonly testId?: string;
  /** The name or label shown beside the avatar; without it the link is the avatar alone. */
  readonly children?: ReactNode;
  /** Opens the page in a new tab (from a dialog whose work would be lost by leaving). */
  readonly newTab?: boolean;
  /** A second way to the same page beside a labelled one: kept out of the tab order and the reading. */
  readonly decorative?: boolean;
}

/** A persona's avatar, with its name when given, linking to the persona's page wherever it is shown. */
export function PersonaLink({
  persona,
  size = 24,
  className,
  testId,
  children,
  newTab,
  decorative,
}: PersonaLinkProps) {
  return (
    <Link
      href={personaPath(persona.id)}
      className={className ? `persona-link ${className}` : "persona-link"}
      data-testid={testId ?? "persona-link"}
      data-persona-id={persona.id}
      target={newTab ? "_blank" : undefined}
      rel={newTab ? "noreferrer" : undefined}
      aria-hidden={decorative ? true : undefined}
      tabIndex={decorative ? -1 : undefined}
    >
      <PersonaAvatar persona={persona} size={size} />
      {children}
    </Link>
  );
}
