import { ButtonLink } from '../components/button';
import { useDocumentTitle } from '../lib/document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
      </p>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </section>
  );
}
