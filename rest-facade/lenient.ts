/**
 * Values Gitea reads leniently. Where Gitea takes an unknown value as its default instead of refusing it,
 * the facade does the same before it calls GraphQL, whose inputs stay strict. docs/rest-validation.md lists
 * each case and test/rest/validation-rules.test.ts proves it.
 */
import type { Visibility } from './__generated__/graphql.ts';
import { UNITS } from '../src/domain/access/units.ts';
import { MERGE_STYLES, TRACKER_STYLES, TRUST_MODELS } from '../src/domain/repo/repo.rules.ts';

/** `value` when it is one of `known`, else `fallback`; undefined stays undefined (the field was left out). */
export function knownOr<T extends string>(value: string | undefined, known: readonly string[], fallback: T): T | undefined {
  if (value === undefined) return undefined;
  return (known.includes(value) ? value : fallback) as T;
}

/** A visibility field: the empty string means "not given", as Gitea's In(,public,limited,private) allows. */
export const visibilityOption = (value: string | undefined): Visibility | undefined => (value ? (value as Visibility) : undefined);

export const trustModel = (value: string | undefined) => knownOr(value, TRUST_MODELS, 'default');
export const mergeStyle = (value: string | undefined) => knownOr(value, MERGE_STYLES, 'merge');
export const trackerStyle = (value: string | undefined) => (value ? knownOr(value, TRACKER_STYLES, 'numeric') : value);

const TEAM_LEVELS = ['read', 'write', 'admin'];
const UNIT_LEVELS = ['none', 'read', 'write', 'admin'];

export interface TeamAccessBody {
  permission?: string;
  units?: string[];
  units_map?: Record<string, string>;
}

/**
 * A team's access as Gitea reads it: a permission other than read, write or admin is none (and then the
 * units decide); unknown unit names are dropped; a unit level other than none, read, write or admin is none.
 * `creating`: a new team with units but no permission gets none on them, as in Gitea; on an edit a left-out
 * permission keeps the team's level.
 */
export function teamAccess(body: TeamAccessBody, creating: boolean) {
  const isUnit = (name: string) => (UNITS as readonly string[]).includes(name);
  const mapEntries = Object.entries(body.units_map ?? {});
  const hasUnits = !!body.units?.length || mapEntries.length > 0;
  let permission: string | null = null;
  if (body.permission) permission = TEAM_LEVELS.includes(body.permission) ? body.permission : 'none';
  else if (creating && hasUnits) permission = 'none';
  let unitLevels = mapEntries.length
    ? mapEntries.filter(([unit]) => isUnit(unit)).map(([unit, level]) => ({ unit, level: UNIT_LEVELS.includes(level) ? level : 'none' }))
    : null;
  const units = body.units?.filter(isUnit) ?? null;
  // Units were named but none is known: the team reaches no unit (GraphQL reads "no units" as "all units").
  if (unitLevels?.length === 0 || (!unitLevels && body.units?.length && !units?.length)) {
    unitLevels = UNITS.map((unit) => ({ unit, level: 'none' }));
  }
  return { permission, units, unitLevels };
}

/** Gitea's deprecated single `assignee` joins the `assignees` list (issues and pull requests); null when the body names neither. */
export function assigneeLogins(body: { assignee?: string | null; assignees?: string[] | null }): string[] | null {
  if (body.assignees == null && body.assignee == null) return null;
  return [...(body.assignees ?? []), ...(body.assignee ? [body.assignee] : [])];
}
