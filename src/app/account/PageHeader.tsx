import { Link } from "../router/Link.tsx";
import { AccountMenu } from "./AccountMenu.tsx";

/** The signed-in pages' header: brand, the Create and Studio links (the current one marked), account. */
export function PageHeader({ current }: { readonly current?: "create" }) {
  return (
    <header className="create-header">
      <Link href="/" className="create-brand">
        Tunesmith
      </Link>
      <nav className="create-nav">
        <Link href="/create" aria-current={current === "create" ? "page" : undefined}>
          Create
        </Link>
        <Link href="/studio">Studio</Link>
      </nav>
      <AccountMenu />
    </header>
  );
}
