import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SPEC_ROWS } from './rows.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The names of a test file's tests, in any of the three quotes `it(…)` takes. */
function testNames(file: string): Set<string> {
  const source = readFileSync(path.join(root, file), 'utf8');
  const names = new Set<string>();
  for (const [, quote, body] of source.matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)) {
    names.add(body.replace(new RegExp(`\\\\${quote}`, 'g'), quote).replace(/\\\\/g, '\\'));
  }
  return names;
}

describe("SPEC.md's rows each have a named test", () => {
  for (const [area, rows] of Object.entries(SPEC_ROWS)) {
    it(`every row of the ${area} area names a test that exists in the file it names`, () => {
      const missing = rows.filter(({ file, test }) => !existsSync(path.join(root, file)) || !testNames(file).has(test));
      assert.deepEqual(missing.map(({ row, file, test }) => `${row}: ${file} › ${test}`), []);
    });
  }

  it('reads test names as it() spells them, whatever the quote', () => {
    const names = testNames('test/spec/rows.test.ts');
    assert.ok(names.has("reads test names as it() spells them, whatever the quote"));
    assert.ok(!names.has('a test nobody wrote'));
  });
});
