import { EngineCheck } from "./EngineCheck.tsx";

export function App() {
  return (
    <main className="page">
      <header className="page-header">
        <h1>Tunesmith</h1>
        <p>Your self-hosted song studio.</p>
      </header>
      <EngineCheck />
    </main>
  );
}
