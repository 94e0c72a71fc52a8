/**
 * Finds the route of a request in time that grows with the path's segments, not with the number of
 * operations (a linear scan of 537 patterns would): the route table becomes a tree of path segments.
 *
 * It answers what the ordered table answers (route-table.ts: compareSpecificity). At each segment the
 * kinds are tried most specific first — a literal, a literal with parameters (`{sha}.{diffType}`), a
 * parameter, a trailing wildcard — and a branch that ends without a route for the method is left for the
 * next kind. As express routed before: literals match without regard to case, a trailing slash is
 * ignored, parameters arrive percent-decoded, HEAD is served by GET.
 */
import type { Route } from './route-table.ts';
import { SLASHED_PATH_PARAMS } from './route-table.ts';

export type Method = Route['method'];

/** A parameter's allowed values, where the document lists them (an enum). */
export type ParamValues = ReadonlyMap<string, readonly string[]>;

export interface RouteMatch<R> {
  route: R;
  /** Decoded path parameters; a trailing wildcard's segments joined with "/". */
  params: Record<string, string>;
}

/** A parameter that could not be percent-decoded: the request is malformed (400). */
export class MalformedPathError extends Error {}

interface PatternSegment<R> {
  pattern: RegExp;
  names: string[];
  node: Node<R>;
}

interface Node<R> {
  literals: Map<string, Node<R>>;
  patterns: PatternSegment<R>[];
  /**
   * Parameters at this segment, in the table's order. Sibling routes usually name one alike; where the reference
   * names them differently (`/pulls/{index}/…` beside `/pulls/{base}/{head}`), each is tried in turn.
   */
  params: { name: string; values?: readonly string[]; node: Node<R> }[];
  wildcard?: { name: string; routes: Map<Method, R> };
  routes: Map<Method, R>;
}

const newNode = <R>(): Node<R> => ({ literals: new Map(), patterns: [], params: [], routes: new Map() });

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `{sha}.{diffType}` → a regular expression; the last parameter takes what follows the last separator. */
function compilePattern(segment: string, valuesOf: (name: string) => readonly string[] | undefined) {
  const names: string[] = [];
  const source = segment.replace(/\{(\w+)\}|[^{]+/g, (whole, name: string | undefined) => {
    if (!name) return escapeRegExp(whole);
    names.push(name);
    const values = valuesOf(name);
    return values ? `(${values.map(escapeRegExp).join('|')})` : '(.+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new MalformedPathError(`the path parameter "${value}" is not valid percent-encoding`);
  }
}

export class RouteMatcher<R extends { method: Method; path: string }> {
  private readonly root = newNode<R>();

  /**
   * @param routes in the table's order: of two routes for the same method and path, the first is kept.
   * @param valuesOf the allowed values of a route's parameter, if it has a fixed set.
   */
  constructor(routes: readonly R[], valuesOf: (route: R, param: string) => readonly string[] | undefined = () => undefined) {
    for (const route of routes) this.add(route, (name) => valuesOf(route, name));
  }

  private add(route: R, valuesOf: (name: string) => readonly string[] | undefined) {
    const segments = route.path.split('/').filter(Boolean);
    let node = this.root;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (param && i === segments.length - 1 && SLASHED_PATH_PARAMS.has(param)) {
        node.wildcard ??= { name: param, routes: new Map() };
        if (node.wildcard.name !== param) throw new Error(`${route.path}: a wildcard named differently from its sibling (${node.wildcard.name})`);
        if (!node.wildcard.routes.has(route.method)) node.wildcard.routes.set(route.method, route);
        return;
      }
      if (param) {
        const values = valuesOf(param);
        let sibling = node.params.find((p) => p.name === param);
        if (!sibling) node.params.push((sibling = { name: param, values, node: newNode() }));
        if (sibling.values !== values) throw new Error(`${route.path}: parameter {${param}} with values other than its sibling route's`);
        node = sibling.node;
      } else if (segment.includes('{')) {
        let pattern = node.patterns.find((p) => p.pattern.source === compilePattern(segment, valuesOf).pattern.source);
        if (!pattern) node.patterns.push((pattern = { ...compilePattern(segment, valuesOf), node: newNode() }));
        node = pattern.node;
      } else {
        const key = segment.toLowerCase();
        let next = node.literals.get(key);
        if (!next) node.literals.set(key, (next = newNode()));
        node = next;
      }
    }
    if (!node.routes.has(route.method)) node.routes.set(route.method, route);
  }

  /** The route for a method and a path (without query string, relative to the table's base), or undefined. */
  match(method: string, path: string): RouteMatch<R> | undefined {
    const lower = method.toLowerCase();
    const segments = path.split('/');
    // A leading slash gives an empty first segment; a trailing one, an empty last one: neither is routed.
    let start = 0;
    let end = segments.length;
    if (segments[0] === '') start = 1;
    if (end > start && segments[end - 1] === '') end--;
    for (let i = start; i < end; i++) if (segments[i] === '') return undefined;
    const params: Record<string, string> = {};
    // HEAD is answered by the GET route (no operation is declared for HEAD).
    const found = this.walk(this.root, segments, start, end, lower === 'head' ? 'get' : (lower as Method), params);
    return found ? { route: found, params } : undefined;
  }

  private walk(node: Node<R>, segments: string[], i: number, end: number, method: Method, params: Record<string, string>): R | undefined {
    if (i === end) return node.routes.get(method);
    const segment = segments[i];
    const literal = node.literals.get(segment.toLowerCase());
    if (literal) {
      const found = this.walk(literal, segments, i + 1, end, method, params);
      if (found) return found;
    }
    for (const pattern of node.patterns) {
      const groups = pattern.pattern.exec(decode(segment));
      if (!groups) continue;
      const found = this.walk(pattern.node, segments, i + 1, end, method, params);
      if (found) {
        pattern.names.forEach((name, k) => (params[name] = groups[k + 1]));
        return found;
      }
    }
    for (const param of node.params) {
      const value = decode(segment);
      if (!param.values || param.values.includes(value)) {
        const found = this.walk(param.node, segments, i + 1, end, method, params);
        if (found) {
          params[param.name] = value;
          return found;
        }
      }
    }
    if (node.wildcard) {
      const found = node.wildcard.routes.get(method);
      if (found) {
        const rest: string[] = [];
        for (let k = i; k < end; k++) rest.push(decode(segments[k]));
        params[node.wildcard.name] = rest.join('/');
        return found;
      }
    }
    return undefined;
  }
}
