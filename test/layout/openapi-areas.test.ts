import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_HEAD, HTTP_METHODS, mergeOpenApiFragments, openApiDirectory, openApiFragments, type OpenApiFragment } from '../../rest-facade/openapi.ts';

/**
 * The OpenAPI document is written in parts, one per area, so that operations added in parallel touch different
 * files: an area is one name for src/domain/<area>/, schema/openapi/<area>.yaml and rest-facade/operations/<area>/.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const areaFiles = openApiFragments().filter(({ file }) => file !== DOCUMENT_HEAD);

/** The folder under rest-facade/operations/ of each operation, from the re-exports of the generated index. */
function implementingFolders(): Map<string, string> {
  const index = readFileSync(path.join(root, 'rest-facade/__generated__/operations.ts'), 'utf8');
  const folders = new Map<string, string>();
  for (const [, names, folder] of index.matchAll(/^export \{ ([^}]+) \} from '\.\.\/operations\/([^/']+)\//gm)) {
    for (const name of names.split(',')) folders.set(name.trim(), folder);
  }
  return folders;
}

const fragment = (file: string, content: OpenApiFragment['content']): OpenApiFragment => ({ file, content });
const head = fragment(DOCUMENT_HEAD, { openapi: '3.0.3', info: { version: '1' }, paths: {}, components: { schemas: { APIError: {} } } });
const operation = (operationId: string) => ({ operationId, responses: {} });

describe('schema/openapi/ holds the head and one file per area of src/domain', () => {
  it('finds area files, so the checks below are not vacuous', () => {
    assert.ok(areaFiles.length > 5, `only ${areaFiles.length} area files in ${openApiDirectory}`);
  });

  it('names every file but the head <area>.yaml after a folder src/domain/<area>/', () => {
    const problems = readdirSync(openApiDirectory)
      .filter((file) => file !== DOCUMENT_HEAD)
      .filter((file) => {
        const area = file.replace(/\.yaml$/, '');
        const domainFolder = path.join(root, 'src/domain', area);
        return !file.endsWith('.yaml') || !existsSync(domainFolder) || !statSync(domainFolder).isDirectory();
      });
    assert.deepEqual(problems, [], 'files of schema/openapi/ that name no area of src/domain');
  });

  it('declares in <area>.yaml only operations implemented under rest-facade/operations/<area>/', () => {
    const folders = implementingFolders();
    const problems = areaFiles.flatMap(({ file, content }) => {
      const area = file.replace(/\.yaml$/, '');
      return Object.values(content.paths ?? {}).flatMap((item) =>
        HTTP_METHODS.flatMap((method) => {
          const id = item[method]?.operationId;
          if (!id || folders.get(id) === area) return [];
          return [`${file}: ${id} is implemented in ${folders.has(id) ? `rest-facade/operations/${folders.get(id)}/` : 'no folder'}`];
        }),
      );
    });
    assert.deepEqual(problems, []);
  });

  it('writes every file in Latin-1 characters only (an ellipsis is three dots), so that the keys parsed from them stay one-byte strings', () => {
    // V8 keeps one copy of each property name. A character beyond U+00FF makes every key js-yaml reads from that
    // file a two-byte string, and names such as html_url keep that copy for the life of the process: every JSON
    // answer holding one is then built two-byte and encoded to UTF-8 on a slow path (measured: three times the
    // encoding cost of a page of 50 issues).
    const problems = readdirSync(openApiDirectory).flatMap((file) =>
      readFileSync(path.join(openApiDirectory, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => ([...line].some((c) => c.codePointAt(0)! > 0xff) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    assert.deepEqual(problems, []);
  });
});

describe('the merge of schema/openapi/ into the one document', () => {
  it('puts the head first, then the areas in the order given, each keeping the order of its paths and components', () => {
    const merged = mergeOpenApiFragments([
      head,
      fragment('repo.yaml', {
        paths: { '/repos/{owner}/{repo}': { get: operation('repoGet') }, '/repos/search': { get: operation('repoSearch') } },
        components: { schemas: { Repository: {} } },
      }),
      fragment('user.yaml', { paths: { '/user': { get: operation('userGetCurrent') } }, components: { schemas: { User: {} }, responses: { User: {} } } }),
    ]);
    assert.deepEqual(Object.keys(merged), ['openapi', 'info', 'paths', 'components']);
    assert.deepEqual(Object.keys(merged.paths), ['/repos/{owner}/{repo}', '/repos/search', '/user']);
    assert.deepEqual(Object.keys(merged.components.schemas), ['APIError', 'Repository', 'User']);
    assert.deepEqual(Object.keys(merged.components.responses), ['User']);
  });

  it('lets two files declare different methods of one path', () => {
    const merged = mergeOpenApiFragments([
      head,
      fragment('one.yaml', { paths: { '/things': { get: operation('listThings') } } }),
      fragment('two.yaml', { paths: { '/things': { post: operation('createThing') } } }),
    ]);
    assert.deepEqual(Object.keys(merged.paths['/things']), ['get', 'post']);
  });

  it('refuses a path and method declared in two files, naming both', () => {
    const twice = fragment('org.yaml', { paths: { '/user': { get: operation('orgListCurrentUserOrgs') } } });
    const first = fragment('user.yaml', { paths: { '/user': { get: operation('userGetCurrent') } } });
    assert.throws(() => mergeOpenApiFragments([head, twice, first]), /get \/user is declared in org\.yaml and in user\.yaml/);
  });

  it('refuses a component declared in two files, the head included, naming both', () => {
    const repo = fragment('repo.yaml', { components: { schemas: { Repository: {} } } });
    const fork = fragment('fork.yaml', { components: { schemas: { Repository: {} } } });
    assert.throws(() => mergeOpenApiFragments([head, fork, repo]), /#\/components\/schemas\/Repository is declared in fork\.yaml and in repo\.yaml/);
    const error = fragment('repo.yaml', { components: { schemas: { APIError: {} } } });
    assert.throws(() => mergeOpenApiFragments([head, error]), /#\/components\/schemas\/APIError is declared in document\.yaml and in repo\.yaml/);
  });

  it('reads the files as plain JSON data: an unquoted date stays the string it is written as', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graft-openapi-'));
    try {
      writeFileSync(path.join(dir, DOCUMENT_HEAD), 'openapi: 3.0.3\ninfo: { title: t, version: 2026-11-25 }\npaths: {}\n');
      const [head] = openApiFragments(dir);
      assert.equal((head.content.info as { version: unknown }).version, '2026-11-25');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const document = mergeOpenApiFragments(openApiFragments());
    assert.deepEqual(JSON.parse(JSON.stringify(document)), document);
  });

  it("refuses anything but paths and components in an area's file", () => {
    assert.throws(() => mergeOpenApiFragments([head, fragment('repo.yaml', { tags: [] })]), /repo\.yaml: an area's file holds only paths and components, not tags/);
  });
});
