import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { accessLevelName } from '../../rest-facade/convert/access.ts';
import { filesUnder } from '../testkit/source-files.ts';

/**
 * The REST facade's layout: operations live in one folder per domain area and run the documents beside them;
 * every REST shape is built by a converter (rest-facade/convert/), from fragment data, type-checked against
 * the OpenAPI document, with its links from one URL module. Webhooks (built outside any REST request) reuse
 * the converters, so nothing about a shape may hide in an operation.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const facadeDir = path.join(root, 'rest-facade');
const convertDir = path.join(facadeDir, 'convert');
const operationsDir = path.join(facadeDir, 'operations');
const URL_MODULE = path.join(convertDir, 'urls.ts');


const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** Source without its comments, so prose ("as Gitea does", "/git/commits/{sha}") is not mistaken for code. */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** What a scan found in a source, as `line N: what`. */
function findings(source: string, rules: { pattern: RegExp; what: string }[]): string[] {
  return code(source)
    .split('\n')
    .flatMap((line, i) => rules.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `line ${i + 1}: ${what}`));
}

function scan(files: string[], rules: { pattern: RegExp; what: string }[]): string[] {
  return files.flatMap((file) => findings(readFileSync(file, 'utf8'), rules).map((f) => `${relative(file)} ${f}`));
}

const converterFiles = filesUnder(convertDir, '.ts');
const operationFiles = filesUnder(operationsDir, '.ts');

describe('converters are the one place REST shapes are built', () => {
  const CASTS = [{ pattern: /\bas\s+(?!const\b)[\w{[(]/, what: 'a type assertion' }];
  const SCHEMA_IMPORTS = [{ pattern: /__generated__\/openapi\.ts/, what: 'the OpenAPI types named directly' }];

  it('finds casts and direct OpenAPI imports in a sample, so the scans below are not vacuous', () => {
    const sample = [
      "import type { components } from '../__generated__/openapi.ts';",
      "  } as unknown as Schemas['Commit'];",
      '  return response as ContentsResponse;',
      "const INCLUDES = ['a', 'b'] as const; // cast as Gitea does",
    ].join('\n');
    assert.deepEqual(findings(sample, [...CASTS, ...SCHEMA_IMPORTS]), ['line 1: the OpenAPI types named directly', 'line 2: a type assertion', 'line 3: a type assertion']);
    assert.ok(converterFiles.length >= 10, `only ${converterFiles.length} converter files found under ${convertDir}`);
    assert.ok(operationFiles.length >= 20, `only ${operationFiles.length} operation files found under ${operationsDir}`);
  });

  it('has no converter that asserts a type, so every shape is checked against the OpenAPI document', () => {
    assert.deepEqual(scan(converterFiles, CASTS), []);
  });

  it('has converters name OpenAPI shapes only through RestShape, which lets unset members be null', () => {
    const shapeModule = path.join(convertDir, 'shape.ts');
    assert.deepEqual(scan(converterFiles.filter((f) => f !== shapeModule), SCHEMA_IMPORTS), []);
  });

  it('has converters import only other converters and generated types, so they run outside any REST request', () => {
    const allowed = (specifier: string) => /^\.\/[\w-]+\.ts$/.test(specifier) || /^\.\.\/__generated__\/(graphql|openapi)\.ts$/.test(specifier);
    const imports = converterFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]).filter((s) => !allowed(s)).map((s) => `${relative(file)}: ${s}`),
    );
    assert.ok(allowed('./user.ts') && !allowed('../operation.ts') && !allowed('../../src/errors.ts'));
    assert.deepEqual(imports, []);
  });

  const SNAKE_MEMBERS = [{ pattern: /(^|[{,])\s*[a-z][a-z0-9]*(_[a-z0-9]+)+\s*:/, what: 'a snake_case member written by the operation' }];

  it('finds a REST member written in an operation in a sample, and not a query parameter read there', () => {
    const sample = [
      'reply: ({ p }) => ok({ is_owner: p.isOwner, can_read: p.canRead }),',
      '    total_commits: commits.totalCount,',
      'const limit = query.per_page && query.per_page > 0 ? query.per_page : max;',
      'variables: ({ body }) => ({ fullName: body.full_name }),',
    ].join('\n');
    assert.deepEqual(findings(sample, SNAKE_MEMBERS), ['line 1: a snake_case member written by the operation', 'line 2: a snake_case member written by the operation']);
  });

  it('has no operation that writes a REST member of its own or types a reply with the OpenAPI types', () => {
    assert.deepEqual(scan(operationFiles, [...SNAKE_MEMBERS, ...SCHEMA_IMPORTS]), []);
  });
});

describe('every repository link comes from convert/urls.ts', () => {
  /** Template literals and quoted strings that build a git, commit, raw, source or archive path. */
  const PATH = String.raw`\/(?:git|commit|raw|src|archive)\/`;
  const LINKS = [
    {
      pattern: new RegExp(`\`[^\`]*${PATH}[^\`]*\`|'[^'\n]*${PATH}[^'\n]*'|"[^"\n]*${PATH}[^"\n]*"`),
      what: 'a repository link built outside convert/urls.ts',
    },
  ];
  /** Module specifiers are paths too ('../../src/errors.ts'), not links. */
  const withoutImports = (source: string) => source.replace(/\bfrom\s+(['"])[^'"]*\1/g, 'from MODULE').replace(/\bimport\((['"])[^'"]*\1\)/g, 'import(MODULE)');

  const scanLinks = (files: string[]) =>
    files.flatMap((file) => findings(withoutImports(readFileSync(file, 'utf8')), LINKS).map((f) => `${relative(file)} ${f}`));

  it('finds links built by hand in a sample, and not module paths or comments', () => {
    const sample = [
      'url: `${urls.apiUrl}/git/commits/${commitOid}`,',
      "html_url: repo.htmlUrl + '/commit/' + oid,",
      'const html = `${at.htmlUrl}/src/${webRef}/${path}`;',
      "import { badRequest } from '../../../src/errors.ts';",
      '// GET /repos/{owner}/{repo}/git/commits/{sha} answers it',
      'headers: { Link: `<${apiUrl}/archive/${oid}.zip>; rel="immutable"` },',
    ].join('\n');
    assert.deepEqual(
      findings(withoutImports(sample), LINKS).map((f) => f.split(':')[0]),
      ['line 1', 'line 2', 'line 3', 'line 6'],
    );
  });

  it('has no module of the REST facade but convert/urls.ts that builds a repository link', () => {
    const files = filesUnder(facadeDir, '.ts', ['__generated__']).filter((f) => f !== URL_MODULE);
    assert.ok(files.length > converterFiles.length + operationFiles.length, 'the scan covers the whole facade');
    assert.deepEqual(scanLinks(files), []);
  });
});

describe('operations are laid out by domain area', () => {
  const areas = readdirSync(path.join(root, 'src/domain'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const operationFolders = readdirSync(operationsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

  it('names every folder of rest-facade/operations after a folder of src/domain', () => {
    assert.ok(operationFolders.length >= 10, `only ${operationFolders.length} operation folders`);
    assert.deepEqual(operationFolders.filter((folder) => !areas.includes(folder)), []);
  });

  it('keeps operation files in their area folder, none loose in rest-facade/operations', () => {
    assert.deepEqual(readdirSync(operationsDir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name), []);
  });

  /** The names a set of GraphQL documents defines, by kind. */
  const definitions = (files: string[], kind: RegExp) =>
    new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(new RegExp(`^(?:${kind.source}) (\\w+)`, 'gm'))].map((m) => m[1])));

  it('runs in each operation only documents defined beside it', () => {
    const misplaced = operationFolders.flatMap((folder) => {
      const dir = path.join(operationsDir, folder);
      const local = definitions(filesUnder(dir, '.graphql'), /query|mutation/);
      return filesUnder(dir, '.ts').flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\b(\w+)Document\b/g)].map((m) => m[1]).filter((name) => !local.has(name)).map((name) => `${relative(file)}: ${name}`),
      );
    });
    assert.deepEqual([...new Set(misplaced)], []);
  });

  it('defines every fragment a converter reads beside the converters, none in an operation document', () => {
    const converterFragments = definitions(filesUnder(convertDir, '.graphql'), /fragment/);
    assert.ok(converterFragments.has('RestUser') && converterFragments.has('RestCommit'), 'the converters define their fragments');
    const misplaced = converterFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(Rest\w+)Fragment\b/g)].map((m) => m[1]).filter((name) => !converterFragments.has(name)).map((name) => `${relative(file)}: ${name}`),
    );
    assert.deepEqual(misplaced, []);
    assert.deepEqual([...definitions(filesUnder(operationsDir, '.graphql'), /fragment/)], []);
  });
});

describe('access levels reach REST as the enum the document names', () => {
  it('passes the levels of the access model through and refuses anything else instead of sending it', () => {
    assert.deepEqual(['none', 'read', 'write', 'admin', 'owner'].map(accessLevelName), ['none', 'read', 'write', 'admin', 'owner']);
    assert.throws(() => accessLevelName('superuser'), /"superuser" is not an access level/);
  });
});

describe('RestShape types REST shapes as they go on the wire', () => {
  /** The type errors of a probe module that imports RestSchema, as the probe's line numbers. */
  function typeErrorLines(probe: string): number[] {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rest-shape-probe-'));
    try {
      const file = path.join(dir, 'probe.ts');
      writeFileSync(file, `import type { RestSchema } from ${JSON.stringify(path.join(convertDir, 'shape.ts'))};\n${probe}`);
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        skipLibCheck: true,
        types: [],
      });
      return ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file?.fileName === file)
        .map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('lets unset optional members be null at any depth, and still refuses unknown members, wrong types and null list items', () => {
    const lines = typeErrorLines(
      [
        "export const unset: RestSchema<'Commit'> = { author: null, stats: null, commit: { verification: null, tree: { sha: null } } };",
        "export const misspelled: RestSchema<'User'> = { logn: 'alice' };",
        "export const wrongType: RestSchema<'Commit'> = { commit: { author: { name: 1 } } };",
        "export const notALevel: RestSchema<'Team'> = { permission: 'superuser' };",
        "export const nullItem: RestSchema<'Commit'> = { files: [null] };",
      ].join('\n'),
    );
    assert.deepEqual(lines, [2, 3, 4, 5]);
  });
});
