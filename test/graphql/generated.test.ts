import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateAll, staleFiles } from '../../codegen.ts';

const GENERATED = ['rest-facade/__generated__/graphql.ts', 'rest-facade/__generated__/openapi.ts', 'schema/schema.graphql'];

describe('generated files', () => {
  it('are schema/schema.graphql and the typed REST and GraphQL modules under rest-facade/__generated__', async () => {
    assert.deepEqual([...(await generateAll()).keys()].sort(), GENERATED);
  });

  it('match on disk what npm run codegen would write from their sources', async () => {
    const stale = await staleFiles();
    assert.deepEqual(stale, [], `stale generated files (run npm run codegen): ${stale.join(', ')}`);
  });
});
