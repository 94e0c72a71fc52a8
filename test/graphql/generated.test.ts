import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateAll, staleFiles } from '../../codegen.ts';

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
  it('are the SDL, the typed REST and GraphQL modules, the route table, the operation index, the list of what is missing and the index of the areas\' modules', async () => {
    assert.deepEqual([...(await generateAll()).keys()].sort(), GENERATED);
  });

  it('match on disk what npm run codegen would write from their sources', async () => {
    const stale = await staleFiles();
    assert.deepEqual(stale, [], `stale generated files (run npm run codegen): ${stale.join(', ')}`);
  });
});
