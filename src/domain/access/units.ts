/**
 * Repository units (Gitea's names) and access levels. A team grants a level per unit; collaborators and
 * owners get one level for every unit.
 */
export const UNITS = [
  'repo.code',
  'repo.issues',
  'repo.pulls',
  'repo.releases',
  'repo.wiki',
  'repo.ext_wiki',
  'repo.ext_issues',
  'repo.projects',
  'repo.packages',
  'repo.actions',
] as const;
export type Unit = (typeof UNITS)[number];

/** What a caller may do, in increasing order. */
export type AccessLevel = 'none' | 'read' | 'write' | 'admin' | 'owner';
export const ACCESS_LEVELS: readonly AccessLevel[] = ['none', 'read', 'write', 'admin', 'owner'];

export function atLeast(level: AccessLevel, needed: AccessLevel): boolean {
  return ACCESS_LEVELS.indexOf(level) >= ACCESS_LEVELS.indexOf(needed);
}

export function highest(a: AccessLevel, b: AccessLevel): AccessLevel {
  return atLeast(a, b) ? a : b;
}

export const isUnit = (name: string): name is Unit => (UNITS as readonly string[]).includes(name);
export const isAccessLevel = (name: string): name is AccessLevel => (ACCESS_LEVELS as readonly string[]).includes(name);

export type UnitLevels = Record<Unit, AccessLevel>;

export function uniformUnits(level: AccessLevel): UnitLevels {
  return Object.fromEntries(UNITS.map((u) => [u, level])) as UnitLevels;
}

/** A stored units map (JSON text), read leniently: unknown units and levels are dropped. */
export function parseUnits(text: string): Partial<UnitLevels> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  const out: Partial<UnitLevels> = {};
  if (raw && typeof raw === 'object') {
    for (const [unit, level] of Object.entries(raw as Record<string, unknown>)) {
      if (isUnit(unit) && typeof level === 'string' && isAccessLevel(level)) out[unit] = level;
    }
  }
  return out;
}
