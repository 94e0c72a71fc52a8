import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema, printSchema } from 'graphql';
import { generateAll, staleFiles, webDocuments } from '../../codegen.ts';

const GENERATED = [
  'rest-facade/__generated__/graphql.ts',
  'rest-facade/__generated__/openapi.ts',
  'rest-facade/__generated__/operations.ts',
  'rest-facade/__generated__/routes.ts',
  'rest-facade/__generated__/unimplemented.md',
  'schema/schema.graphql',
  'src/graphql/__generated__/areas.ts',
];

describe('generated files', () => {
  it('are the SDL, the typed REST and GraphQL modules, the route table, the operation index, the list of what is missing, the index of the areas\' modules and the web interface\'s documents', async () => {
    const files = [...(await generateAll()).keys()].sort();
    assert.deepEqual(files.filter((file) => !file.startsWith('src/web/__generated__/')), GENERATED);
    // One module of typed documents per .graphql file of the web interface, at its mirror path.
    assert.ok(files.includes('src/web/__generated__/app/shell.ts'), files.join(', '));
    assert.ok(files.includes('src/web/__generated__/pages/home/home.ts'), files.join(', '));
  });

  it('match on disk what npm run codegen would write from their sources', async () => {
    const stale = await staleFiles();
    assert.deepEqual(stale, [], `stale generated files (run npm run codegen): ${stale.join(', ')}`);
  });
});

describe("the web interface's documents", () => {
  it('fail to generate when the schema loses a field a page reads, so such a change cannot land unnoticed', async () => {
    const { sortedSchema } = await import('../../src/graphql/schema.ts');
    const sdl = printSchema(sortedSchema);
    assert.ok((await webDocuments(sdl, sortedSchema)).size > 5);
    // The shell's notification counter reads Query.unreadNotificationCount.
    const without = sdl.replace(/\n\s*"""The signed-in account's unread notification threads\."""\n\s*unreadNotificationCount: Int!/, '');
    assert.notEqual(without, sdl);
    await assert.rejects(webDocuments(without, buildSchema(without)), /unreadNotificationCount/);
  });
});
