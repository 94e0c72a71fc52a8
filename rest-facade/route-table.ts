/**
 * The route table, derived from schema/openapi/ by codegen (rest-facade/__generated__/routes.ts): each
 * operation's method, path and who may reach it (its x-graft-guard and x-graft-scope), in the order the
 * router must try them. Nothing here is written by hand per operation.
 */
import { SCOPE_CATEGORIES, type ScopeCategory } from '../src/auth/scopes.ts';
import type { DocumentedOperation } from './openapi.ts';

/**
 * Who may reach an operation before it runs:
 * - public: anyone; a credential, when given, must be valid;
 * - signedIn: any authenticated account;
 * - siteAdmin: site administrators only.
 * Finer rules (owner, visibility, password-only token management) are the services' to enforce.
 */
export type Guard = 'public' | 'signedIn' | 'siteAdmin';
export const GUARDS: readonly Guard[] = ['public', 'signedIn', 'siteAdmin'];

export interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operationId: string;
  guard: Guard;
  /** Token scope category; reads need read:<category>, other methods write:<category>. null: no scope needed. */
  scope: ScopeCategory | null;
}

/**
 * Path parameters that may hold slashes when they end a route's path (feature/x, heads/main, as Gitea takes
 * them unencoded): routed as a trailing wildcard and joined back.
 */
export const SLASHED_PATH_PARAMS = new Set(['branch', 'tag', 'ref', 'basehead', 'filepath', 'archive']);

/** The vendor extensions every operation of our document carries. */
export const GUARD_EXTENSION = 'x-graft-guard';
export const SCOPE_EXTENSION = 'x-graft-scope';
/** The value of x-graft-scope for operations no token scope limits (server facts, settings). */
export const NO_SCOPE = 'none';

/** One problem per operation whose guard or scope is missing or unknown. */
export function accessProblems(operations: DocumentedOperation[]): string[] {
  const problems: string[] = [];
  for (const { operationId, operation } of operations) {
    const guard = operation[GUARD_EXTENSION];
    const scope = operation[SCOPE_EXTENSION];
    if (!GUARDS.includes(guard as Guard)) problems.push(`${operationId}: ${GUARD_EXTENSION} must be one of ${GUARDS.join(', ')} (got ${String(guard)})`);
    if (scope !== NO_SCOPE && !SCOPE_CATEGORIES.includes(scope as ScopeCategory)) {
      problems.push(`${operationId}: ${SCOPE_EXTENSION} must be ${NO_SCOPE} or one of ${SCOPE_CATEGORIES.join(', ')} (got ${String(scope)})`);
    }
  }
  return problems;
}

/** How specific a path segment is, most specific first: a literal, a literal with parameters, a parameter, a trailing wildcard. */
function segmentRank(segment: string, isLast: boolean): number {
  const param = /^\{(\w+)\}$/.exec(segment);
  if (!param) return segment.includes('{') ? 1 : 0;
  return isLast && SLASHED_PATH_PARAMS.has(param[1]) ? 3 : 2;
}

/**
 * Orders two paths so that no route shadows a more specific one: at the first segment where they differ in
 * kind, the more specific kind goes first; a path that extends another goes before it (a trailing wildcard
 * would otherwise take it). Otherwise the document's order is kept.
 */
export function compareSpecificity(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const ra = segmentRank(sa[i], i === sa.length - 1);
    const rb = segmentRank(sb[i], i === sb.length - 1);
    if (ra !== rb) return ra - rb;
  }
  return sb.length - sa.length;
}

/** Every documented operation as a route, in the order the router registers them. */
export function routesFromDocument(operations: DocumentedOperation[]): Route[] {
  const problems = accessProblems(operations);
  if (problems.length) throw new Error(`schema/openapi: operations without a valid guard or scope:\n  ${problems.join('\n  ')}`);
  const routes = operations.map(({ method, path, operationId, operation }): Route => {
    if (method === 'head') throw new Error(`${operationId}: HEAD operations are answered by their GET route`);
    const scope = operation[SCOPE_EXTENSION] as string;
    return { method, path, operationId, guard: operation[GUARD_EXTENSION] as Guard, scope: scope === NO_SCOPE ? null : (scope as ScopeCategory) };
  });
  // Array.prototype.sort is stable: equally specific paths keep the document's order.
  return routes.sort((x, y) => compareSpecificity(x.path, y.path));
}
