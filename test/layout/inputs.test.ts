import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { GraphQLInputObjectType } from 'graphql';
import { schema } from '../../src/graphql/schema.ts';
import { inputTypeNamesFromTables } from '../../src/graphql/input-fields.ts';
import { filesUnder } from '../testkit/source-files.ts';

/**
 * An input is declared once, as a field table (src/domain/fields.ts): the service's type is inferred from it
 * (`InputOf`) and the GraphQL input type is built from it (src/graphql/input-fields.ts: inputFromTable). So no
 * GraphQL input type is made any other way, and no service writes out by hand the type a table infers.
 */

const srcDir = fileURLToPath(new URL('../../src', import.meta.url));
const relative = (file: string) => path.relative(srcDir, file);
// The web interface's generated client types (codegen's, from the schema) are not written by hand.
const sourceFiles = filesUnder(srcDir, '.ts').filter((file) => !relative(file).startsWith(`web${path.sep}__generated__${path.sep}`));
const INPUT_FIELDS_MODULE = 'graphql/input-fields.ts';

/** Lines that make a GraphQL input type by hand. */
const handMadeInputTypes = (source: string) => source.split('\n').flatMap((line, i) => (/\bbuilder\s*\.\s*inputType\s*\(/.test(line) ? [i + 1] : []));

/** The names among `names` that `source` declares as an interface or a type other than one inferred from a table. */
function handWrittenTypes(source: string, names: readonly string[]): string[] {
  return names.filter((name) => {
    const declarations = source.match(new RegExp(`\\b(?:interface\\s+${name}\\b|type\\s+${name}\\s*=.*)`, 'g')) ?? [];
    return declarations.some((d) => !/^type\s+\w+\s*=\s*InputOf</.test(d));
  });
}

const schemaInputTypes = Object.values(schema.getTypeMap()).filter((t) => t instanceof GraphQLInputObjectType).map((t) => t.name);

describe('inputs are declared once, as field tables', () => {
  it('finds what these checks forbid in samples, so the scans below are not vacuous', () => {
    const sample = [
      "const CreateBranchInput = builder.inputType('CreateBranchInput', {",
      '  fields: (t) => ({ newBranchName: t.string({ required: true }) }),',
      '});',
      'export interface CreateBranchInput {',
      '  newBranchName: string;',
      '}',
      'export type CreateTagInput = Partial<{ tagName: string }>;',
      'export type TeamInput = InputOf<typeof TEAM_FIELDS>;',
    ].join('\n');
    assert.deepEqual(handMadeInputTypes(sample), [1]);
    assert.deepEqual(handWrittenTypes(sample, ['CreateBranchInput', 'CreateTagInput', 'TeamInput', 'ChangeFilesInput']), ['CreateBranchInput', 'CreateTagInput']);
    assert.ok(sourceFiles.length > 50, `only ${sourceFiles.length} source files found under ${srcDir}`);
    assert.ok(schemaInputTypes.length > 10, `only ${schemaInputTypes.length} input types in the schema`);
  });

  it('makes GraphQL input types nowhere but in src/graphql/input-fields.ts', () => {
    const problems = sourceFiles
      .filter((file) => relative(file) !== INPUT_FIELDS_MODULE)
      .flatMap((file) => handMadeInputTypes(readFileSync(file, 'utf8')).map((line) => `${relative(file)}:${line}`));
    assert.deepEqual(problems, []);
  });

  it('builds every input type of the schema from a field table', () => {
    assert.deepEqual(schemaInputTypes.filter((name) => !inputTypeNamesFromTables.has(name)).sort(), []);
  });

  it('declares no type of the name of a GraphQL input by hand: the service takes the one its table infers', () => {
    const problems = sourceFiles.flatMap((file) => handWrittenTypes(readFileSync(file, 'utf8'), schemaInputTypes).map((name) => `${relative(file)}: ${name}`));
    assert.deepEqual(problems, []);
  });
});
