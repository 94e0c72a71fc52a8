import { conflict, invalid, notFound } from '../errors.ts';
import { GitError } from '../git/errors.ts';

/**
 * The one translation of git failures into domain errors, for every service that runs git: a missing
 * object or revision is NOT_FOUND (404), bad input INVALID_ARGUMENT (422), a lost compare-and-swap or a
 * taken name CONFLICT (409). Other failures (and errors that are no GitError) pass through unchanged.
 */
export interface GitErrorWording {
  /** What was being done; git's message is prefixed with it ("creating branch "x": …"). */
  doing?: string;
  /** The message for NOT_FOUND instead of git's. */
  notFound?: string;
  /** The message for CONFLICT instead of git's. */
  conflict?: string;
}

/** `err` as the domain error it means, or `err` itself. */
export function toDomainError(err: unknown, wording: GitErrorWording = {}): unknown {
  if (!(err instanceof GitError)) return err;
  const said = (message: string) => (wording.doing ? `${wording.doing}: ${message}` : message);
  switch (err.code) {
    case 'NOT_FOUND':
      return notFound(wording.notFound ?? said(err.message));
    case 'INVALID_ARGUMENT':
      return invalid(said(err.message));
    case 'CONFLICT':
      return conflict(wording.conflict ?? said(err.message));
    default:
      return err;
  }
}

/** Runs git work and throws its failures as domain errors (toDomainError). */
export async function withGitErrors<T>(run: () => Promise<T>, wording?: GitErrorWording): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw toDomainError(err, wording);
  }
}
