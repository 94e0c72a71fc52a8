import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { filesUnder } from '../testkit/source-files.ts';

/**
 * A write to a repository's content finds its repository one way: getWritableRepository
 * (src/domain/repo/writable.ts), which checks the caller's access and refuses an archived repository with
 * LOCKED (423). So no other code refuses a write because a repository is archived (each with a status and
 * message of its own), and no code loads a repository for write access to its code without that helper.
 */
const HELPER = 'src/domain/repo/writable.ts';

/** An `if` whose condition reads isArchived and that throws or returns: a refusal. Two lines, for `{` + `throw` on the next. */
function archivedRefusals(source: string): number[] {
  const lines = source.split('\n');
  return lines.flatMap((line, i) => {
    if (!/\bisArchived\b/.test(line)) return [];
    const statement = `${line} ${lines[i + 1] ?? ''}`;
    return /\bif\s*\(.*\bisArchived\b.*\)\s*\{?\s*(throw|return)\b/.test(statement) ? [i + 1] : [];
  });
}

/** A getRepository call that asks for write access to the code, by passing CODE_WRITE. */
function writeLoads(source: string): number[] {
  const found: number[] = [];
  for (const match of source.matchAll(/\bgetRepository\s*\([^;]*?\bCODE_WRITE\b/g)) found.push(source.slice(0, match.index).split('\n').length);
  return found;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const sources = filesUnder(path.join(root, 'src'), '.ts').map((file) => ({ file: path.relative(root, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));

function scan(check: (source: string) => number[]) {
  return sources.flatMap(({ file, text }) => check(text).map((line) => `${file}:${line}`));
}

describe('writes to a repository go through the one helper that refuses archived repositories', () => {
  it('finds what these checks forbid in samples, and not what they allow, so the scans below are not vacuous', () => {
    const refusals = [
      "  if (repo.isArchived) throw forbidden('this repository is archived: it is read-only');",
      '  if (loaded.repo.isArchived) throw forbidden(`${loaded.repo.owner.login}/${loaded.repo.name} is archived`);',
      "    if (writing && repo.isArchived) return plain(res, 403, 'this repository is archived: it is read-only');",
      '  if (repo.isArchived) {',
      "    throw locked('archived');",
      '  }',
    ].join('\n');
    assert.deepEqual(archivedRefusals(refusals), [1, 2, 3, 4]);
    const allowed = [
      '  if (input.archived != null && input.archived !== repo.isArchived) {',
      '    Object.assign(data, { isArchived: input.archived, archivedAt: input.archived ? new Date() : null });',
      '  }',
      '  if (search.isArchived != null) and.push({ isArchived: search.isArchived });',
      '    isArchived: t.exposeBoolean(\'isArchived\'),',
    ].join('\n');
    assert.deepEqual(archivedRefusals(allowed), []);

    const loads = [
      '  const { repo } = await getRepository(ctx, owner, name, CODE_WRITE);',
      '      repo = (await getRepository(ctx, owner, name, writing ? CODE_WRITE : CODE_READ)).repo;',
      '  const { repo } = await getRepository(ctx, owner, name);',
      '  const repository = (await getRepository(ctx, t.repo.owner.login, t.repo.name, CODE_READ)).repo;',
    ].join('\n');
    assert.deepEqual(writeLoads(loads), [1, 2]);
    assert.ok(sources.length > 100, `only ${sources.length} source files found under src/`);
  });

  it('refuses archived repositories in the helper and nowhere else', () => {
    assert.deepEqual(scan(archivedRefusals).map((at) => at.replace(/:\d+$/, '')), [HELPER]);
  });

  it('has no code that loads a repository for write access to its code without the helper', () => {
    assert.deepEqual(scan(writeLoads), []);
  });
});
