import { PageHeader } from "./account/PageHeader.tsx";
import { Link } from "./router/Link.tsx";

export function NotFoundPage() {
  return (
    <main className="page">
      <PageHeader />
      <header className="page-header">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
      </header>
      <Link className="button-link" href="/">
        Go home
      </Link>
    </main>
  );
}
