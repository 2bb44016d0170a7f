import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/button';
import { useDocumentTitle } from '../lib/document-title';

/** Shown in place of a page that failed to load or render (for example a stale chunk after a deploy). */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <section>
      <h1>Something went wrong</h1>
      <p>This page could not be displayed. Please reload it; if the problem continues, call or e-mail us.</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </section>
  );
}

/** The last resort, when there is no layout to render into: bring a main landmark. */
export function RootError() {
  return (
    <main id="main-content" style={{ maxWidth: '40rem', margin: '0 auto', padding: '2rem 1rem' }}>
      <RouteError />
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Outside the layout (popups): the message brings its own main landmark. */
  root?: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  /** Going to another page clears the error: the next page gets its own chance. */
  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.root ? <RootError /> : <RouteError />;
  }
}

/** Catches a page that fails to load or render, so the rest of the app (layout, navigation) keeps working. */
export function RouteErrorBoundary({ children, root }: { children: ReactNode; root?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} root={root}>
      {children}
    </ErrorBoundary>
  );
}
