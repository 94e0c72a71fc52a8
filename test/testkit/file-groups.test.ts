import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { groupEntry, groupFiles, OWN_PROCESS_MARK, ownProcessFiles, writeGroupEntries } from './file-groups.ts';

describe('test files grouped into processes (npm test)', () => {
  it('puts every file in exactly one group, no more groups than asked, each about as heavy as the others', () => {
    const weights: Record<string, number> = { a: 9, b: 7, c: 6, d: 5, e: 4, f: 3, g: 2, h: 1 };
    const groups = groupFiles(Object.keys(weights), 3, (f) => weights[f]);
    assert.equal(groups.length, 3);
    assert.deepEqual(groups.flat().sort(), Object.keys(weights));
    const totals = groups.map((g) => g.reduce((sum, f) => sum + weights[f], 0));
    assert.ok(Math.max(...totals) - Math.min(...totals) <= 2, `totals ${totals}`);
    assert.deepEqual(groupFiles(['x'], 4, () => 1), [['x']]);
  });

  it('keeps a file that carries the own-process mark out of the groups', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graft-groups-'));
    try {
      const marked = path.join(dir, 'marked.test.ts');
      const plain = path.join(dir, 'plain.test.ts');
      writeFileSync(marked, `${OWN_PROCESS_MARK} — measures this process's heap\nimport 'node:test';\n`);
      writeFileSync(plain, `import 'node:test'; /* mentions ${OWN_PROCESS_MARK} mid-line, which does not count */\n`);
      assert.deepEqual(ownProcessFiles([marked, plain]), [marked]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs each file of a group inside a suite named after it, so the file's after hooks run when its tests end", () => {
    const entry = groupEntry(['test/a.test.ts', 'test/b.test.ts']);
    assert.match(entry, /describe\(file, async \(\) => \{ await import\(url\); \}\)/);
    assert.ok(entry.includes('"test/a.test.ts"') && entry.includes('"test/b.test.ts"'));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graft-groups-'));
    try {
      const source = path.join(dir, 'one.test.ts');
      writeFileSync(source, 'x');
      const [written] = writeGroupEntries([source], 2, path.join(dir, 'entries'));
      assert.ok(readFileSync(written, 'utf8').includes(JSON.stringify(source)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
