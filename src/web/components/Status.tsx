import type { CombinedError } from 'urql';
import { Link } from 'react-router';

/** A region that is loading, announced politely to screen readers. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}…
    </div>
  );
}

/** What a failed request said, in words. */
export function ErrorMessage({ error }: { error: CombinedError | Error | string }) {
  const text = typeof error === 'string' ? error : 'graphQLErrors' in error ? (error.graphQLErrors[0]?.message ?? error.message) : error.message;
  return (
    <p className="error" role="alert">
      {text}
    </p>
  );
}

/** The page for something that does not exist or is hidden from the viewer: the two look the same. */
export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>It does not exist, or you may not see it.</p>
      <p>
        <Link to="/">Go home</Link>
      </p>
    </section>
  );
}
