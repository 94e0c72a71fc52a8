import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ReadScopePlugin from './read-scope-plugin.ts';
import type PrismaTypes from '../../prisma/__generated__/pothos-types.ts';
import { getDatamodel } from '../../prisma/__generated__/pothos-types.ts';
import type { ScopeCategory, ScopeLevel } from '../auth/scopes.ts';
import { allowsScope, isSiteAdmin } from '../auth/viewer.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import type { GraphQLContext } from './context.ts';
import { IncomingFile, isBlobLike } from '../storage/incoming.ts';

export type TokenScope = `${ScopeLevel}:${ScopeCategory}`;

/** The one schema builder: Prisma-backed objects, Relay nodes and connections, auth scopes, cost limits. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: {
    signedIn: boolean;
    siteAdmin: boolean;
    /** The caller's token (if any) grants this scope; password sessions hold every scope. */
    token: TokenScope;
  };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    ID: { Input: string; Output: string | number };
    Upload: { Input: IncomingFile; Output: never };
  };
  DefaultFieldNullability: false;
  Connection: { totalCount: number };
}>({
  plugins: [ScopeAuthPlugin, ReadScopePlugin, PrismaPlugin, RelayPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // `nodes` beside `edges`, for clients that do not need cursors per item.
    nodesOnConnection: {},
  },
  scopeAuth: {
    authScopes: (ctx) => ({
      signedIn: !!ctx.viewer.user,
      siteAdmin: isSiteAdmin(ctx.viewer),
      token: (scope: TokenScope) => {
        const [level, category] = scope.split(':') as [ScopeLevel, ScopeCategory];
        return allowsScope(ctx.viewer, category, level);
      },
    }),
    unauthorizedError: (_parent, ctx, _info, result) =>
      ctx.viewer.user ? forbidden(result.message) : unauthenticated(result.message),
  },
  complexity: {
    defaultComplexity: 1,
    // Connections multiply by the page size they ask for (connectionComplexity); lists inside them do not again.
    defaultListMultiplier: 1,
    // The REST facade's own documents are fixed and bounded by MAX_RESPONSE_ITEMS: no limit applies to them.
    // A compiled query whose cost cannot change was checked once, when compiled (compiled-queries.ts).
    limit: (ctx) =>
      ctx.trustedDocument || ctx.costChecked
        ? {}
        : {
            depth: ctx.config.graphql.MAX_DEPTH,
            complexity: ctx.config.graphql.MAX_COMPLEXITY,
            breadth: ctx.config.graphql.MAX_BREADTH,
          },
  },
});

builder.scalarType('DateTime', {
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO 8601 date-time');
    return date;
  },
});

builder.scalarType('Upload', {
  description: 'A file sent with the request, as a file part of a multipart request (the GraphQL multipart request spec). Input only.',
  serialize: () => {
    throw new TypeError('an Upload is never answered');
  },
  parseValue: (value) => {
    if (value instanceof IncomingFile) return value;
    if (isBlobLike(value)) return IncomingFile.fromBlob(value);
    throw new TypeError('Upload must be a file part of a multipart request');
  },
  parseLiteral: () => {
    throw new TypeError('Upload must be a file part of a multipart request, given as a variable');
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
