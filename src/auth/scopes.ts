import { badRequest } from '../errors.ts';

/** Gitea's token scope categories; a route group needs read (GET/HEAD) or write (anything else) on one. */
export const SCOPE_CATEGORIES = [
  'activitypub',
  'admin',
  'issue',
  'misc',
  'notification',
  'organization',
  'package',
  'repository',
  'user',
] as const;
export type ScopeCategory = (typeof SCOPE_CATEGORIES)[number];
export type ScopeLevel = 'read' | 'write';

/** What a token grants, normalized: a level per category, plus the public-only restriction. */
export interface TokenGrant {
  levels: Partial<Record<ScopeCategory, ScopeLevel>>;
  publicOnly: boolean;
}

/** Parses and normalizes scope names; unknown names are a 400. `all` grants write on every category. */
export function parseScopes(names: string[]): TokenGrant {
  const grant: TokenGrant = { levels: {}, publicOnly: false };
  for (const raw of names.flatMap((n) => n.split(',')).map((n) => n.trim()).filter(Boolean)) {
    if (raw === 'all') {
      for (const c of SCOPE_CATEGORIES) grant.levels[c] = 'write';
      continue;
    }
    if (raw === 'public-only') {
      grant.publicOnly = true;
      continue;
    }
    const match = /^(read|write):([a-z]+)$/.exec(raw);
    if (!match || !(SCOPE_CATEGORIES as readonly string[]).includes(match[2])) {
      throw badRequest(`invalid access token scope: ${raw}`);
    }
    const level = match[1] as ScopeLevel;
    const category = match[2] as ScopeCategory;
    if (grant.levels[category] !== 'write') grant.levels[category] = level;
  }
  return grant;
}

/** The canonical list of names for a grant (what is stored and shown back). */
export function scopeNames(grant: TokenGrant): string[] {
  const names: string[] = [];
  const all = SCOPE_CATEGORIES.every((c) => grant.levels[c] === 'write');
  if (all) names.push('all');
  else for (const c of SCOPE_CATEGORIES) if (grant.levels[c]) names.push(`${grant.levels[c]}:${c}`);
  if (grant.publicOnly) names.push('public-only');
  return names;
}

export function hasAnyPermission(grant: TokenGrant): boolean {
  return Object.keys(grant.levels).length > 0;
}

/** Write implies read. */
export function grants(grant: TokenGrant, category: ScopeCategory, level: ScopeLevel): boolean {
  const held = grant.levels[category];
  return held === 'write' || (held === 'read' && level === 'read');
}
