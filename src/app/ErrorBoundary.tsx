import { Component, type ErrorInfo, type ReactNode } from "react";

interface State {
  readonly error: Error | null;
}

/** A page that throws while rendering shows what happened and a way out, not a blank window. */
export class ErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <main className="page" role="alert">
        <header className="page-header">
          <h1>Something went wrong</h1>
          <p>{error.message}</p>
        </header>
        <a className="button-link" href={window.location.pathname}>
          Reload the page
        </a>
      </main>
    );
  }
}
