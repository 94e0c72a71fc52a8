import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Caches, defineCaches, noCache, registeredCaches, type CacheName } from '../../src/cache/cache.ts';
import { localGenerations } from '../../src/cache/generations.ts';
import { createLoaders, defineLoaders, registeredLoaders } from '../../src/graphql/loaders.ts';
import '../../src/graphql/schema.ts';
import type { ServiceContext } from '../../src/services.ts';
import { filesUnder } from '../testkit/source-files.ts';

/**
 * Caches and loaders are registered by the area that owns their rows, from its own folder
 * (src/domain/<area>/<area>.caches.ts, <area>.loaders.ts), so that adding an area edits only its files: the
 * central mechanisms (src/cache/cache.ts, src/graphql/loaders.ts) name no area. Every registration module is
 * imported where the schema is assembled, so all are made before the first request.
 */

const srcDir = fileURLToPath(new URL('../../src', import.meta.url));
const sourceFiles = filesUnder(srcDir, '.ts');
const relative = (file: string) => path.relative(srcDir, file).split(path.sep).join('/');
const read = (file: string) => readFileSync(path.join(srcDir, file), 'utf8');
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const CENTRAL = ['cache/cache.ts', 'graphql/loaders.ts'];

/** The modules of src/domain that `source` imports. */
const domainImports = (source: string) => [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]*\/domain\/[^'"]*)['"]/g)].map((m) => m[1]);

/** The registrations `source` makes: what it registers and the area it names. */
const registrations = (source: string) =>
  [...withoutComments(source).matchAll(/\bdefine(Caches|Loaders)\s*\(\s*'([^']*)'/g)].map(([, kind, area]) => ({ kind: kind.toLowerCase(), area }));

/** The cache and loader names `source` uses. */
const usedNames = (source: string) => ({
  caches: [...source.matchAll(/\b(?:cachedRead|cachedPeek|throughCache)\s*(?:<[^>]*>)?\(\s*[\w.]+\s*,\s*'(\w+)'/g)].map((m) => m[1]),
  loaders: [...source.matchAll(/\bctx\.loaders\.(\w+)/g)].map((m) => m[1]),
});

const registrationFiles = sourceFiles.map(relative).filter((file) => /^domain\/[^/]+\/[^/]+\.(caches|loaders)\.ts$/.test(file));

describe('caches and loaders are registered by their areas', () => {
  it('finds what these checks look for in samples, so the scans below are not vacuous', () => {
    const sample = [
      "import { viewerStarredAmong } from '../domain/social/social.service.ts';",
      "import type { Repository } from '../db/models.ts';",
      "import '../domain/user/user.caches.ts';",
      "/** e.g. defineCaches('example', {}) */",
      "export const SOCIAL_LOADERS = defineLoaders('social', {",
      '  viewerStarred: (ctx) => ctx.loaders.userById,',
      "  userById: (ctx) => throughCache(\n    ctx,\n    'accountById', loader),",
      "  byEmail: (ctx) => cachedPeek<{ user: User | null }>(ctx, 'accountByEmail', email),",
      '});',
      "defineCaches('team', { teamsOfUser: { tables: ['Team'] } });",
    ].join('\n');
    assert.deepEqual(domainImports(sample), ['../domain/social/social.service.ts', '../domain/user/user.caches.ts']);
    assert.deepEqual(registrations(sample), [{ kind: 'loaders', area: 'social' }, { kind: 'caches', area: 'team' }]);
    assert.deepEqual(usedNames(sample), { caches: ['accountById', 'accountByEmail'], loaders: ['userById'] });
    assert.ok(registrationFiles.length >= 10, `only ${registrationFiles.length} registration modules under src/domain`);
  });

  it('names no area in the central cache and loader mechanisms', () => {
    assert.deepEqual(CENTRAL.flatMap((file) => domainImports(read(file)).map((imported) => `${file} imports ${imported}`)), []);
    assert.deepEqual(CENTRAL.flatMap((file) => registrations(read(file)).map((r) => `${file} registers ${r.kind} of ${r.area}`)), []);
  });

  it('registers caches and loaders only in src/domain/<area>/<area>.caches.ts and <area>.loaders.ts, each naming its own area', () => {
    const misplaced = sourceFiles.map(relative).flatMap((file) =>
      registrations(readFileSync(path.join(srcDir, file), 'utf8'))
        .filter(({ kind, area }) => file !== `domain/${area}/${area}.${kind}.ts`)
        .map(({ kind, area }) => `${file} registers ${kind} of ${area}`),
    );
    assert.deepEqual(misplaced, []);
  });

  it('imports every registration module where the schema is assembled, so that all are made before the first request', () => {
    assert.match(read('graphql/schema.ts'), /^import '\.\/__generated__\/areas\.ts';$/m);
    const areaIndex = read('graphql/__generated__/areas.ts');
    assert.deepEqual(registrationFiles.filter((file) => !areaIndex.includes(`import '../../${file}';`)), []);
  });

  it('has every cache and loader that the code uses registered once the schema is assembled', () => {
    const used = sourceFiles.map((file) => usedNames(readFileSync(file, 'utf8')));
    const caches = new Set(used.flatMap((u) => u.caches));
    const loaders = new Set(used.flatMap((u) => u.loaders));
    assert.ok(caches.size >= 10 && loaders.size >= 8, `found ${caches.size} caches and ${loaders.size} loaders in use`);
    assert.deepEqual([...caches].filter((name) => !registeredCaches().has(name)), []);
    assert.deepEqual([...loaders].filter((name) => !registeredLoaders().has(name)), []);
  });

  it('fails loudly when a cache that no area registered is used, rather than reading it uncached', async () => {
    const view = await new Caches(localGenerations()).view();
    const unregistered = 'cacheNoAreaRegistered' as CacheName;
    await assert.rejects(view.get(unregistered, 1, async () => 'row'), /cache "cacheNoAreaRegistered" is not registered/);
    assert.throws(() => view.peek(unregistered, 1), /cache "cacheNoAreaRegistered" is not registered/);
    await assert.rejects(async () => noCache.get(unregistered, 1, async () => 'row'), /is not registered/);
  });

  it('refuses a cache or a loader registered twice', () => {
    defineCaches('probe', { probeOnce: { tables: ['User'] } });
    assert.throws(() => defineCaches('other', { probeOnce: { tables: ['Team'] } }), /cache "probeOnce" is registered twice: by probe and by other/);
    assert.throws(() => defineLoaders('other', { userById: () => null }), /loader "userById" is registered twice: by user and by other/);
  });

  it('makes each loader of a request on its first use, once, from getters on one shared prototype', () => {
    const ctx = {} as ServiceContext;
    const first = createLoaders(ctx);
    const second = createLoaders(ctx);
    assert.deepEqual(Object.keys(first), [], 'no loader is made before it is used');
    assert.equal(Object.getPrototypeOf(first), Object.getPrototypeOf(second));
    const teamById = first.teamById;
    assert.equal(first.teamById, teamById);
    assert.deepEqual(Object.keys(first), ['teamById']);
    assert.notEqual(second.teamById, teamById, 'each request has its own');
  });
});
