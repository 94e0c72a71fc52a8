import { execute, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

export type RunDocument = (variables: Record<string, unknown>, context: unknown) => Promise<ExecutionResult>;

/**
 * Runs one of the facade's documents. They are fixed, so each is compiled once, on its first run, into a
 * function that executes it (graphql-jit): no parsing, validation or per-request planning of the
 * selection. A document graphql-jit cannot compile runs through graphql-js as it is.
 */
export function documentRunner(schema: GraphQLSchema, document: DocumentNode): RunDocument {
  let compiled: CompiledQuery | undefined;
  let interpreted = false;
  return async (variables, context) => {
    if (!compiled && !interpreted) {
      const result = compileQuery(schema, document);
      if (isCompiledQuery(result)) compiled = result;
      else interpreted = true;
    }
    if (compiled) return compiled.query(undefined, context, variables);
    return execute({ schema, document, variableValues: variables, contextValue: context });
  };
}
