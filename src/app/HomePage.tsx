import { PageHeader } from "./account/PageHeader.tsx";
import { EngineCheck } from "./EngineCheck.tsx";
import { Link } from "./router/Link.tsx";

export function HomePage() {
  return (
    <main className="page">
      <PageHeader current="home" />
      <header className="page-header">
        <h1>Tunesmith</h1>
        <p>Your self-hosted song studio.</p>
      </header>
      <section className="panel studio-teaser" aria-labelledby="create-title">
        <h2 id="create-title">Create</h2>
        <p>Make a song from a description, or from your own lyrics, styles and audio.</p>
        <Link className="button-link" href="/create">
          Create a song
        </Link>
      </section>
      <section className="panel studio-teaser" aria-labelledby="studio-title">
        <h2 id="studio-title">Studio</h2>
        <p>Arrange clips on a multitrack timeline, shape them with fades and EQ, and export the mix.</p>
        <Link className="button-link" href="/studio">
          Open the studio
        </Link>
      </section>
      <EngineCheck />
    </main>
  );
}
