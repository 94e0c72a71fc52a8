/**
 * Pure checks of branch protection: how a rule name matches a branch, how rules are ordered, and what a rule
 * lets an account do. No database, no git: the service loads the facts and asks here.
 */

/** The characters that make a rule name a glob (Gitea's IsRuleNameSpecial); a name without them is a plain branch name. */
const SPECIAL = new Set(['*', '?', '[', ']', '{', '}', '\\']);

export const isGlobRuleName = (name: string) => [...name].some((c) => SPECIAL.has(c));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * A glob in the syntax Gitea compiles (gobwas/glob) as a regular expression: `*` is any run of characters
 * without a separator, `**` any run at all, `?` one character that is not a separator, `[abc]`, `[a-z]` and
 * `[!abc]` a class, `{a,b}` alternatives (which may hold globs), `\x` the character x. Null when the pattern
 * does not parse (an unclosed class or brace).
 */
export function globToRegExp(pattern: string, separators: readonly string[], flags = ''): RegExp | null {
  const notSeparator = separators.length ? `[^${separators.map(escapeRegExp).join('')}]` : '.';
  let i = 0;
  const parse = (inBraces: boolean): string | null => {
    let out = '';
    while (i < pattern.length) {
      const c = pattern[i];
      if (inBraces && (c === ',' || c === '}')) return out;
      i++;
      if (c === '\\') {
        if (i >= pattern.length) return null;
        out += escapeRegExp(pattern[i++]);
      } else if (c === '*') {
        if (pattern[i] === '*') {
          while (pattern[i] === '*') i++;
          out += '[\\s\\S]*';
        } else out += `${notSeparator}*`;
      } else if (c === '?') {
        out += notSeparator;
      } else if (c === '[') {
        const close = pattern.indexOf(']', i + 1);
        if (close < 0) return null;
        let body = pattern.slice(i, close);
        i = close + 1;
        const negated = body.startsWith('!');
        if (negated) body = body.slice(1);
        if (!body) return null;
        const cls = [...body].map((ch) => (ch === '-' ? '-' : escapeRegExp(ch))).join('');
        out += negated ? `[^${cls}]` : `[${cls}]`;
      } else if (c === '{') {
        const alternatives: string[] = [];
        for (;;) {
          const alternative = parse(true);
          if (alternative === null || i >= pattern.length) return null;
          alternatives.push(alternative);
          if (pattern[i++] === '}') break;
        }
        out += `(?:${alternatives.join('|')})`;
      } else if (c === ']' || c === '}') {
        return null;
      } else {
        out += escapeRegExp(c);
      }
    }
    return inBraces ? null : out;
  };
  const source = parse(false);
  return source === null ? null : new RegExp(`^${source}$`, flags);
}

/** What matching needs of a rule. */
export interface RuleName {
  id: number;
  ruleName: string;
  priority: number;
}

/**
 * Whether a rule covers a branch, as Gitea matches: a plain name equals the branch's name without regard to
 * case; a glob is compiled with `/` as its separator (`release/*` covers release/1.0, not release/1.0/fix); a
 * glob that does not compile is taken literally.
 */
export function ruleMatches(ruleName: string, branch: string): boolean {
  return ruleMatcher(ruleName).test(branch);
}

/** The regular expression a rule name matches branch names with (see ruleMatches). */
export function ruleMatcher(ruleName: string): RegExp {
  if (!isGlobRuleName(ruleName)) return new RegExp(`^${escapeRegExp(ruleName)}$`, 'i');
  return globToRegExp(ruleName, ['/']) ?? new RegExp(`^${escapeRegExp(ruleName)}$`);
}

/**
 * The order in which rules are tried: plain names before globs (a rule naming a branch is always its rule,
 * as in Gitea), then by priority (lowest first), then the oldest first.
 */
export function compareRules(a: RuleName, b: RuleName): number {
  const plainA = !isGlobRuleName(a.ruleName);
  const plainB = !isGlobRuleName(b.ruleName);
  if (plainA !== plainB) return plainA ? -1 : 1;
  return a.priority - b.priority || a.id - b.id;
}

/** The rule that governs a branch: the first in order that matches it, or null. */
export function ruleFor<R extends RuleName>(rules: readonly R[], branch: string): R | null {
  return [...rules].sort(compareRules).find((rule) => ruleMatches(rule.ruleName, branch)) ?? null;
}

/** The settings of a rule that decide who pushes and merges, with its lists of ids read. */
export interface PushRule {
  canPush: boolean;
  enableWhitelist: boolean;
  whitelistUserIds: number[];
  whitelistTeamIds: number[];
  whitelistDeployKeys: boolean;
  canForcePush: boolean;
  enableForcePushAllowlist: boolean;
  forcePushAllowlistUserIds: number[];
  forcePushAllowlistTeamIds: number[];
  forcePushAllowlistDeployKeys: boolean;
  enableMergeWhitelist: boolean;
  mergeWhitelistUserIds: number[];
  mergeWhitelistTeamIds: number[];
}

/**
 * Who asks: an account (or nobody), the teams it belongs to, and whether it writes to the repository's code; or a
 * deploy key of the repository (a deploy token over HTTP), which no account or team list names.
 */
export interface Pusher {
  userId: number | null;
  teamIds: readonly number[];
  writesCode: boolean;
  deployKey?: boolean;
}

const listed = (pusher: Pusher, userIds: readonly number[], teamIds: readonly number[]) =>
  pusher.userId !== null && (userIds.includes(pusher.userId) || pusher.teamIds.some((t) => teamIds.includes(t)));

/**
 * Whether a rule lets the account push to its branches (Gitea's CanUserPush): never when pushing is off; with
 * the whitelist on, only listed accounts and members of listed teams (deploy keys when the rule lists them, as
 * Gitea's pre-receive hook decides for them); otherwise whoever writes the code.
 */
export function mayPush(rule: PushRule, pusher: Pusher): boolean {
  if (!rule.canPush) return false;
  if (pusher.deployKey) return pusher.writesCode && (!rule.enableWhitelist || rule.whitelistDeployKeys);
  if (pusher.userId === null) return false;
  if (!rule.enableWhitelist) return pusher.writesCode;
  return listed(pusher, rule.whitelistUserIds, rule.whitelistTeamIds);
}

/** Whether a rule lets the account rewrite its branches' history (CanUserForcePush): force pushes extend pushes. */
export function mayForcePush(rule: PushRule, pusher: Pusher): boolean {
  if (!rule.canForcePush || !mayPush(rule, pusher)) return false;
  if (!rule.enableForcePushAllowlist) return true;
  return pusher.deployKey ? rule.forcePushAllowlistDeployKeys : listed(pusher, rule.forcePushAllowlistUserIds, rule.forcePushAllowlistTeamIds);
}

/** Whether a rule lets the account merge pull requests into its branches (IsUserMergeWhitelisted). */
export function mayMerge(rule: PushRule, pusher: Pusher): boolean {
  if (pusher.userId === null) return false;
  if (!rule.enableMergeWhitelist) return pusher.writesCode;
  return listed(pusher, rule.mergeWhitelistUserIds, rule.mergeWhitelistTeamIds);
}

/**
 * The file patterns of a rule (`protected_file_patterns`, `unprotected_file_patterns`): globs separated by
 * `;`, matched against lower-cased paths with `.` and `/` as separators, as Gitea reads them; patterns that
 * do not compile are skipped.
 */
export function filePatterns(text: string): RegExp[] {
  return text
    .toLowerCase()
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => globToRegExp(p, ['.', '/']))
    .filter((r): r is RegExp => r !== null);
}

export const matchesAny = (patterns: readonly RegExp[], path: string) => {
  const lower = path.trim().toLowerCase();
  return patterns.some((p) => p.test(lower));
};

// ---------------------------------------------------------------------------------------------
// Tag protection

/**
 * The regular expression a tag protection pattern matches tag names with, as Gitea reads it (ProtectedTag): a
 * pattern wrapped in slashes (`/^v[0-9]+$/`) is a regular expression searched anywhere in the name unless it
 * anchors itself; anything else is a glob without separators (`v*` covers v1 and v1/rc). A leading flag group
 * of Go's syntax (`(?i)`) becomes the flags. Null when the pattern does not compile.
 */
export function tagPatternMatcher(pattern: string): RegExp | null {
  if (pattern.length >= 2 && pattern.startsWith('/') && pattern.endsWith('/')) {
    let source = pattern.slice(1, -1);
    let flags = '';
    const group = /^\(\?([ims]+)\)/.exec(source);
    if (group) {
      flags = [...new Set(group[1])].join('');
      source = source.slice(group[0].length);
    }
    try {
      return new RegExp(source.replaceAll('(?P<', '(?<'), flags);
    } catch {
      return null;
    }
  }
  return globToRegExp(pattern, []);
}

/** What deciding needs of a tag rule: its pattern and the ids it lists. */
export interface TagRule {
  namePattern: string;
  allowUserIds: readonly number[];
  allowTeamIds: readonly number[];
}

/** Whether a tag rule lists the pusher (an account listed, or a member of a listed team); deploy keys and nobody are never listed. */
export const tagRuleAllows = (rule: TagRule, pusher: Pusher) => !pusher.deployKey && listed(pusher, rule.allowUserIds, rule.allowTeamIds);

/**
 * Whether the pusher may create, move or delete a tag (Gitea's IsUserAllowedToControlTag): yes when no rule
 * covers it, or when one of the rules that cover it lists the pusher. Repository administrators get no pass:
 * they are listed like anyone else. The answer names the first covering rule when it is no.
 */
export function tagControl<R extends TagRule>(rules: readonly R[], tag: string, pusher: Pusher): { allowed: true } | { allowed: false; rule: R } {
  const covering = rules.filter((rule) => tagPatternMatcher(rule.namePattern)?.test(tag));
  if (!covering.length || covering.some((rule) => tagRuleAllows(rule, pusher))) return { allowed: true };
  return { allowed: false, rule: covering[0] };
}
