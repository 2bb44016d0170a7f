import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/button';
import { useDocumentTitle } from '../lib/document-title';

/** Shown in place of a page that failed to load or render (for example a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section>
      <h1>Something went wrong</h1>
      <p>This page could not be displayed. Please reload it; if the problem continues, call or e-mail us.</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </section>
  );
}

/** The last resort, when the layout itself fails: no shell to render into, so bring a main landmark. */
export function RootError() {
  return (
    <main id="main-content" style={{ maxWidth: '40rem', margin: '0 auto', padding: '2rem 1rem' }}>
      <RouteError />
    </main>
  );
}
