import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { DOCUMENT_HEAD, HTTP_METHODS, openApiFragments } from '../../rest-facade/openapi.ts';
import { loadAreaFixtures } from '../testkit/walking.ts';

/**
 * The tests that walk every documented operation take their fixtures from one module per area,
 * test/rest/fixtures/<area>.ts, so that an operation added to an area changes that area's module only.
 */
const areaOf = new Map<string, string>();
for (const { file, content } of openApiFragments()) {
  if (file === DOCUMENT_HEAD) continue;
  for (const item of Object.values(content.paths ?? {})) {
    for (const method of HTTP_METHODS) if (item[method]?.operationId) areaOf.set(item[method].operationId, file.replace(/\.yaml$/, ''));
  }
}
const modules = await loadAreaFixtures();

describe('the walking tests read one fixture module per area', () => {
  it('names each module of test/rest/fixtures/ after an area of schema/openapi/', () => {
    const areas = new Set(areaOf.values());
    const files = readdirSync(new URL('../rest/fixtures/', import.meta.url));
    assert.ok(files.length > 5);
    assert.deepEqual(files.filter((f) => !areas.has(f.replace(/\.ts$/, ''))), []);
  });

  it("keeps an operation's first shape call, its valid bodies and its validation rules in its own area's module", () => {
    const problems = modules.flatMap(({ area, shapes, bodies, validation }) => {
      const named = [
        ...(shapes?.calls ?? []).filter(([, title]) => title === '').map(([id]) => id),
        ...Object.keys(bodies ?? {}),
        ...(validation?.rules ?? []).map((rule) => rule.operation),
        ...Object.keys(validation?.targets ?? {}),
      ];
      return named.filter((id) => areaOf.get(id) !== area).map((id) => `${area}.ts names ${id}, an operation of ${areaOf.get(id) ?? 'no area'}`);
    });
    assert.deepEqual(problems, []);
  });
});
