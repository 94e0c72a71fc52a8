/**
 * The one error hierarchy of the domain. Services throw these; the GraphQL layer exposes the kind as
 * `extensions.code`, and the REST facade turns the kind into an HTTP status (rest-facade/errors.ts).
 */
export type ErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'VALIDATION'
  | 'UNSUPPORTED'
  | 'NOT_ALLOWED'
  | 'LOCKED'
  | 'PRECONDITION_FAILED'
  | 'TOO_LARGE';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Extra facts a client may act on (field names, limits). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new DomainError('BAD_REQUEST', message, details);
export const unauthenticated = (message = 'authentication is required') => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = 'you do not have permission to do this') => new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
/** The operation does not apply to this kind of resource (HTTP 405), e.g. teams of a repository a person owns. */
export const notAllowed = (message: string) => new DomainError('NOT_ALLOWED', message);
/** The resource exists and the caller may change it, but its state refuses changes (HTTP 423), e.g. an archived repository. */
export const locked = (message: string) => new DomainError('LOCKED', message);
/** The change is understood and allowed, but a condition of the resource refuses it (HTTP 412), e.g. closing a blocked issue. */
export const preconditionFailed = (message: string) => new DomainError('PRECONDITION_FAILED', message);
/** The request body is not of a media type the operation reads (HTTP 415), e.g. an upload sent as JSON. */
export const unsupported = (message: string) => new DomainError('UNSUPPORTED', message);
/** What was sent is larger than a limit allows (HTTP 413), e.g. an attachment over attachment.MAX_SIZE. */
export const tooLarge = (message: string, details?: Record<string, unknown>) => new DomainError('TOO_LARGE', message, details);
export const invalid = (message: string, details?: Record<string, unknown>) => new DomainError('VALIDATION', message, details);

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}
