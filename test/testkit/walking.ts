/**
 * The fixtures of the tests that walk every documented operation, declared by each area in its own module,
 * `test/rest/fixtures/<area>.ts` (one per area of src/domain with operations; `export default defineFixtures({…})`):
 *
 * - `shapes` (test/rest/response-shapes.test.ts): calls that must answer a success whose body has every field of
 *   the reference schema (`unconfigured` operations: their documented 404 on the walk's server). The areas' `setup`s run once on a shared world, in area order; then every area's `calls`,
 *   in area order (alphabetical), then every area's `cleanup` (deletions), in area order. `pointers` names the
 *   fields Gitea declares as pointers ("Schema.property", array items "Schema.property[]"): the only ones that may be null.
 * - `bodies` (test/rest/null-members.test.ts): for each operation with a JSON body, how to make its n-th valid call.
 * - `validation` (test/rest/validation-rules.test.ts, docs/rest-validation.md): the input rules next to Gitea's,
 *   and where each operation's cases are sent.
 *
 * A new operation in an area therefore changes that area's module only.
 */
import { readdirSync } from 'node:fs';
import type { TestAccount } from './accounts.ts';
import type { ApiResponse, Auth, RestClient } from './client.ts';
import type { TestOrg } from './orgs.ts';
import type { UploadPart } from './uploads.ts';
import type { ServerKit } from './use-server.ts';

const fixturesDir = new URL('../rest/fixtures/', import.meta.url);

// ---- response shapes ----

/** The shared world of the response-shape walk; areas keep what later calls need in `made`. */
export interface ShapesWorld {
  server: ServerKit;
  alice: TestAccount;
  bob: TestAccount;
  carol: TestAccount;
  /** A login no one has yet (an account the user area creates and deletes). */
  temp: string;
  /** An organization with alice as owner and the team `devs` (write) holding bob. */
  org: TestOrg;
  devs: number;
  /** alice's repository `shapes` (history by alice, branch feature, tags v0 and annotated v1), forked by bob. */
  repo: string;
  repoId: number;
  oids: { annotatedTag: string; tree: string; blob: string };
  /** What calls remember for later calls: ids, names, shas. */
  made: Record<string, any>;
}

export interface ShapeCall {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** Instead of a JSON body: files sent as multipart/form-data (uploads). */
  files?: UploadPart[];
  auth?: Auth;
  /** After the call: remembers what later calls need. */
  then?: (res: ApiResponse) => void;
}

/** [operationId, title (a state worth its own check, or ''), how to call it]. */
export type ShapeEntry = [operationId: string, title: string, call: (w: ShapesWorld) => ShapeCall];

// ---- null members ----

export interface BodiesWorld {
  server: ServerKit;
  api: RestClient;
  /** The admin's repository `base` (auto-initialized, branch main), as `/repos/root/base`. */
  repoPath: string;
  /** An account besides the admin, owning `source` (forked by the admin as `upstreamed`). */
  other: TestAccount;
  /** An organization the admin owns. */
  org: string;
}

export interface BodyCall {
  path: string;
  body: Record<string, unknown>;
}

/** The n-th valid call of an operation: n gives each call names of its own, so every call can succeed. */
export type BodyFixture = (w: BodiesWorld, n: number) => Promise<BodyCall> | BodyCall;

// ---- validation rules ----

/** A value that stands for "the field is left out". */
export const OMIT = Symbol('omit');

export interface Case {
  /** The field's value (`{u}` in a string becomes a suffix unique to the run), or OMIT. */
  value?: unknown;
  /** Instead of `value`: the whole body to merge, when a case needs more than the one field. */
  body?: Record<string, unknown>;
  status: number;
  /** What the answer shows beyond its status (reported with the case). */
  check?: (body: any) => unknown;
  expect?: unknown;
}

export interface Rule {
  operation: string;
  field: string;
  gitea: string;
  graft: string;
  /** Fields every case of the rule sends (merged under the case's own). */
  base?: Record<string, unknown>;
  cases: Case[];
}

export interface ValidationWorld {
  server: ServerKit;
  api: RestClient;
  alice: TestAccount;
  bob: TestAccount;
  /** An organization alice owns. */
  org: TestOrg;
  /** alice's repository `base` (auto-initialized). */
  base: string;
  /** A new auto-initialized repository of alice's, named prefix + u; its API path. */
  freshRepo(prefix: string, u: string): Promise<string>;
}

export interface Sent {
  method: string;
  path: string;
  auth: Auth;
}

/** Where a case with suffix u is sent; may make a fresh resource per case, as the case may change it. */
export type ValidationTarget = (w: ValidationWorld, u: string) => Promise<Sent>;

/** A string of n characters: the prefix, then x's. */
export const long = (n: number, prefix = '') => prefix + 'x'.repeat(n - prefix.length);

// ---- the module of an area ----

export interface AreaFixtures {
  shapes?: {
    setup?: (w: ShapesWorld) => Promise<void>;
    calls: ShapeEntry[];
    cleanup?: ShapeEntry[];
    pointers?: string[];
    /** Operations whose success body is not JSON (a diff, a file, an archive, a token): checked for their status only. */
    nonJson?: string[];
    /**
     * Operations that succeed only on a server configured otherwise than the walk's (the instance's signing key, in
     * one format or the other; repositories' git hooks): the walk expects their documented 404 or 403 (null-members
     * too), and the area's own tests prove their success.
     */
    unconfigured?: string[];
  };
  bodies?: Record<string, BodyFixture>;
  validation?: { rules: Rule[]; targets: Record<string, ValidationTarget> };
}

export const defineFixtures = (fixtures: AreaFixtures): AreaFixtures => fixtures;

export interface LoadedFixtures extends AreaFixtures {
  area: string;
}

/** Every area's module, in area order. */
export async function loadAreaFixtures(): Promise<LoadedFixtures[]> {
  const files = readdirSync(fixturesDir).filter((f) => f.endsWith('.ts')).sort();
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(new URL(file, fixturesDir).href)) as { default: AreaFixtures };
      return { area: file.replace(/\.ts$/, ''), ...module.default };
    }),
  );
}
