/**
 * The token scope a type needs (`readScope` on the type), checked once where a field hands out objects of
 * that type — a field returning it, a list of it, or an interface it implements (node lookups) — instead of
 * on each of the object's fields, as a type-level `authScopes` would (about 60 checks for one repository,
 * each a promise). Every object of the type reaches a result through such a field, so the rule is the same:
 * a token without the scope gets FORBIDDEN for that field and no field of the object.
 *
 * A field may hand out objects whose scope the caller need not hold (`readScopeGranted: true`): the teams a
 * pending transfer names are readable with the repository, as in Gitea.
 *
 * A field may itself need a token scope (`tokenScope`, e.g. on a mutation), checked the same way: in the
 * field's resolver, with nothing kept per request. (scope-auth's `authScopes` keeps a cache of results per
 * request that refers back to the request's context, which keeps the request's objects alive through minor
 * GCs: see src/graphql/context.ts.) It is the scope alone; rules that need more stay with `authScopes`.
 */
import SchemaBuilder, {
  BasePlugin,
  type FieldNullability,
  type InputFieldMap,
  type PothosOutputFieldConfig,
  type PothosNameOutputFieldType,
  type PothosOutputFieldType,
  type PothosTypeConfig,
  type SchemaTypes,
  type TypeParam,
} from '@pothos/core';
import { isAbstractType, getNamedType, type GraphQLAbstractType, type GraphQLFieldResolver, type GraphQLResolveInfo } from 'graphql';
import type { ScopeCategory, ScopeLevel } from '../auth/scopes.ts';
import { allowsScope, type Viewer } from '../auth/viewer.ts';
import { forbidden, unauthenticated } from '../errors.ts';

export type ReadScope = `${ScopeLevel}:${ScopeCategory}`;

declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      readScope: ReadScopePlugin<Types>;
    }
    interface ObjectTypeOptions<Types extends SchemaTypes, Shape> {
      /** The token scope needed to receive objects of this type (read-scope-plugin.ts). */
      readScope?: ReadScope;
    }
    interface FieldOptions<Types extends SchemaTypes, ParentShape, Type extends TypeParam<Types>, Nullable extends FieldNullability<Type>, Args extends InputFieldMap, ResolveShape, ResolveReturnShape> {
      /** This field hands out objects without the read scope of their type. */
      readScopeGranted?: boolean;
      /** The token scope needed to use this field at all. */
      tokenScope?: ReadScope;
    }
  }
}

const pluginName = 'readScope';

function namedRef<Types extends SchemaTypes>(type: PothosOutputFieldType<Types>): PothosNameOutputFieldType<Types>['ref'] {
  return type.kind === 'List' ? namedRef(type.type) : type.ref;
}

/** Refuses as the rest of the schema refuses: unauthenticated callers are told to sign in. */
function refuse(viewer: Viewer, what: string, scope: ReadScope, verb: 'read' | 'use'): never {
  const message = `the token does not have the scope ${scope} needed to ${verb} ${what}`;
  throw viewer.user ? forbidden(message) : unauthenticated(message);
}

/** A type's scope, split once when the schema is built: the check runs on every field that hands out objects. */
interface TypeScope {
  typeName: string;
  scope: ReadScope;
  level: ScopeLevel;
  category: ScopeCategory;
}

function typeScope(typeName: string, scope: ReadScope): TypeScope {
  const [level, category] = scope.split(':') as [ScopeLevel, ScopeCategory];
  return { typeName, scope, level, category };
}

function check(viewer: Viewer, { typeName, scope, level, category }: TypeScope, verb: 'read' | 'use' = 'read') {
  if (!allowsScope(viewer, category, level)) refuse(viewer, typeName, scope, verb);
}

type Context = { viewer: Viewer };
type Resolver<Types extends SchemaTypes> = GraphQLFieldResolver<unknown, Types['Context'], object>;

export class ReadScopePlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  private readonly scopes = new Map<string, TypeScope>();

  override onTypeConfig(typeConfig: PothosTypeConfig) {
    const scope = (typeConfig.pothosOptions as { readScope?: ReadScope }).readScope;
    if (scope) this.scopes.set(typeConfig.name, typeScope(typeConfig.name, scope));
    return typeConfig;
  }

  override wrapResolve(resolver: Resolver<Types>, fieldConfig: PothosOutputFieldConfig<Types>): Resolver<Types> {
    const checked = this.checkingReadScope(resolver, fieldConfig);
    const scope = (fieldConfig.pothosOptions as { tokenScope?: ReadScope }).tokenScope;
    if (!scope) return checked;
    const needed = typeScope(`${fieldConfig.parentType}.${fieldConfig.name}`, scope);
    return (parent, args, ctx, info) => {
      check((ctx as Context).viewer, needed, 'use');
      return checked(parent, args, ctx, info);
    };
  }

  private checkingReadScope(resolver: Resolver<Types>, fieldConfig: PothosOutputFieldConfig<Types>): Resolver<Types> {
    if ((fieldConfig.pothosOptions as { readScopeGranted?: boolean }).readScopeGranted) return resolver;
    const typeConfig = this.buildCache.getTypeConfig(namedRef(fieldConfig.type));
    if (typeConfig.graphqlKind === 'Object') {
      const scope = (typeConfig.pothosOptions as { readScope?: ReadScope }).readScope;
      if (!scope) return resolver;
      const needed = typeScope(typeConfig.name, scope);
      return (parent, args, ctx, info) => {
        check((ctx as Context).viewer, needed);
        return resolver(parent, args, ctx, info);
      };
    }
    if (typeConfig.graphqlKind !== 'Interface' && typeConfig.graphqlKind !== 'Union') return resolver;
    // Which type an interface's object is, is known once it is resolved: check each object then.
    return async (parent, args, ctx, info) => {
      const result: unknown = await resolver(parent, args, ctx, info);
      if (this.scopes.size === 0 || result == null) return result;
      const abstract = getNamedType(info.returnType) as GraphQLAbstractType;
      for (const value of Array.isArray(result) ? result : [result]) {
        if (value != null) await this.checkResolved(value, abstract, ctx as Context, info);
      }
      return result;
    };
  }

  private async checkResolved(value: unknown, abstract: GraphQLAbstractType, ctx: Context, info: GraphQLResolveInfo) {
    if (!isAbstractType(abstract) || !abstract.resolveType) return;
    const typeName = await abstract.resolveType(value, ctx, info, abstract);
    const needed = typeName ? this.scopes.get(typeName) : undefined;
    if (needed) check(ctx.viewer, needed);
  }
}

SchemaBuilder.registerPlugin(pluginName, ReadScopePlugin);

export default pluginName;
