import {
  BREAK,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isInputObjectType,
  Kind,
  parse,
  TypeInfo,
  typeFromAST,
  validate,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { complexityFromQuery } from '@pothos/plugin-complexity';
import type { GraphQLContext } from './context.ts';
import { LruMap } from '../cache/lru.ts';

/** One query operation of a document, compiled. */
export class CompiledOperation {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly operation: OperationDefinitionNode,
    private readonly compiled: CompiledQuery,
    readonly facts: {
      /** Its variables include an input object, which graphql-jit checks more leniently than graphql-js. */
      checkVariables: boolean;
      /** Its cost is the same on every run and was found within the limits. */
      costChecked: boolean;
    },
  ) {}

  /**
   * Runs the operation; undefined, without running it, when graphql-js would refuse the variables (the
   * caller leaves those to graphql-js and its error messages). graphql-jit coerces the variables itself,
   * as graphql-js does for scalars, enums and lists.
   */
  run(context: GraphQLContext, variables: Record<string, unknown>): Promise<ExecutionResult> | ExecutionResult | undefined {
    if (this.facts.checkVariables && getVariableValues(this.schema, this.operation.variableDefinitions ?? [], variables).errors) return undefined;
    if (this.facts.costChecked) context.costChecked = true;
    return this.compiled.query(undefined, context, variables);
  }
}

/** What a document text is known as: how often it was asked for, and once prepared, its compiled operations. */
interface DocumentEntry {
  seen: number;
  /** Set once prepared, when the document is valid. */
  document?: DocumentNode;
  /** The document's compiled operations by name (null: not one to compile). */
  operations?: Map<string | null, CompiledOperation | null>;
  /** Set once prepared, when the document does not parse or validate. */
  invalid?: boolean;
}

export interface CompiledQueryOptions {
  /** A document is compiled when it is asked for the `compileAfter`-th time (1: at once). */
  compileAfter: number;
  /** How many document texts are remembered. */
  capacity: number;
  /** Longer document texts are neither remembered nor compiled. */
  maxLength: number;
  /** The cost limits of untrusted documents (config graphql.MAX_DEPTH, MAX_BREADTH, MAX_COMPLEXITY). */
  limits: { depth: number; breadth: number; complexity: number };
}

/**
 * Compiled execution (graphql-jit) for the queries clients repeat: a query document that parses and
 * validates is compiled once, on its `compileAfter`-th request, and runs as a function from then on.
 * A document asked for once is only counted, never parsed here: compiling costs more than running it
 * once. Mutations, subscriptions, invalid documents and what graphql-jit cannot compile get no compiled
 * operation; the caller runs those as before. Neither does an operation beyond the depth and breadth
 * limits: graphql-jit writes out every fragment spread anew, so a small document could otherwise make
 * a huge function (the limits refuse such an operation when it runs, but compiling comes first).
 */
export class CompiledQueries {
  readonly #documents: LruMap<string, DocumentEntry>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly options: CompiledQueryOptions,
  ) {
    this.#documents = new LruMap(options.capacity);
  }

  /** The compiled operation for this document and operation name, if it has one by now (compiled with these variables' help). */
  lookup(query: string, operationName: string | null | undefined, variables: Record<string, unknown>): CompiledOperation | undefined {
    if (query.length > this.options.maxLength) return undefined;
    let entry = this.#documents.get(query);
    if (!entry) this.#documents.set(query, (entry = { seen: 0 }));
    if (entry.seen < this.options.compileAfter) entry.seen++;
    if (entry.seen < this.options.compileAfter) return undefined;
    if (!entry.operations && !entry.invalid) this.#prepare(query, entry);
    if (entry.invalid) return undefined;
    // An empty name is a name (of no operation), not the absence of one.
    const name = operationName ?? null;
    let compiled = entry.operations!.get(name);
    if (compiled === undefined) {
      compiled = this.#compile(entry.document!, name, variables);
      if (compiled !== undefined) entry.operations!.set(name, compiled);
    }
    return compiled ?? undefined;
  }

  #prepare(query: string, entry: DocumentEntry) {
    try {
      const document = parse(query);
      if (validate(this.schema, document).length > 0) entry.invalid = true;
      else {
        entry.document = document;
        entry.operations = new Map();
      }
    } catch {
      entry.invalid = true;
    }
  }

  /** The compiled operation; null if it gets none; undefined when these variables do not tell (they are refused). */
  #compile(document: DocumentNode, operationName: string | null, variables: Record<string, unknown>): CompiledOperation | null | undefined {
    // graphql-jit would take an empty name for none.
    if (operationName === '') return null;
    const operation = getOperationAST(document, operationName);
    if (operation?.operation !== 'query') return null;
    const variableDefinitions = operation.variableDefinitions ?? [];
    if (variableDefinitions.length && getVariableValues(this.schema, variableDefinitions, variables).errors) return undefined;
    try {
      // Only the operation and the fragments: the cost of other operations does not count.
      const single: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operation, ...document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)] };
      // Depth and breadth count every field a fragment spread brings, as often as it is spread; neither depends on variables.
      const cost = complexityFromQuery(single, { schema: this.schema, variables });
      const { limits } = this.options;
      if (cost.depth > limits.depth || cost.breadth > limits.breadth) return null;
      const constantCost = costIsConstant(this.schema, single);
      // Always too costly: nothing to gain.
      if (constantCost && cost.complexity > limits.complexity) return null;
      const compiled = compileQuery(this.schema, document, operationName ?? undefined);
      if (!isCompiledQuery(compiled)) return null;
      const checkVariables = variableDefinitions.some((definition) => isInputObjectType(getNamedType(typeFromAST(this.schema, definition.type as never))));
      return new CompiledOperation(this.schema, operation, compiled, { checkVariables, costChecked: constantCost });
    } catch {
      return null;
    }
  }
}

/**
 * Whether an operation costs the same on every run: it selects no field whose cost is computed from its
 * arguments (a connection's is its page size, often a variable), so variables and callers do not change it.
 */
function costIsConstant(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let constant = true;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        if (typeof typeInfo.getFieldDef()?.extensions?.complexity === 'function') {
          constant = false;
          return BREAK;
        }
        return undefined;
      },
    }),
  );
  return constant;
}
