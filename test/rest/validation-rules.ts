/**
 * The input checks of the REST API, next to Gitea's: the data behind docs/rest-validation.md and
 * test/rest/validation-rules.test.ts. Each rule names an operation and a field, says what Gitea does with
 * the value (its binding tags and what its handler does) and what Graft does, and carries cases: values
 * Gitea accepts are accepted, values Gitea refuses are refused with Gitea's status (or a clear 4xx where
 * Gitea fails with a 500). Run this file (`npx tsx test/rest/validation-rules.ts`) to rewrite the document.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A value that stands for "the field is left out". */
export const OMIT = Symbol('omit');

export interface Case {
  /** The field's value (`{u}` in a string becomes a suffix unique to the run), or OMIT. */
  value?: unknown;
  /** Instead of `value`: the whole body to merge, when a case needs more than the one field. */
  body?: Record<string, unknown>;
  status: number;
  /** What the answer shows beyond its status (reported with the case). */
  check?: (body: any) => unknown;
  expect?: unknown;
}

export interface Rule {
  operation: string;
  field: string;
  gitea: string;
  graft: string;
  /** Fields every case of the rule sends (merged under the case's own). */
  base?: Record<string, unknown>;
  cases: Case[];
}

const long = (n: number, prefix = '') => prefix + 'x'.repeat(n - prefix.length);

export const RULES: Rule[] = [
  // Organizations
  {
    operation: 'orgCreate',
    field: 'username',
    gitea: 'Required; letters, digits, `-`, `_`, `.`, starting with a letter or digit, no two of `-_.` in a row, not ending with one; at most 40; reserved and taken names 422',
    graft: 'the same',
    cases: [
      { value: 'Org_a.b-{u}', status: 201 },
      { value: '', status: 422 },
      { value: '-org{u}', status: 422 },
      { value: 'a..{u}', status: 422 },
      { value: long(41, 'o'), status: 422 },
      { value: 'api', status: 422 },
    ],
  },
  {
    operation: 'orgCreate',
    field: 'website',
    gitea: 'ValidUrl: empty, or what Go\'s `url.ParseRequestURI` parses with an http or https scheme (a host with a space, a bad port or a bad %-escape is refused); at most 255',
    graft: 'the same',
    base: { username: 'w{u}' },
    cases: [
      { value: 'http:\\testurl.com', status: 201 },
      { value: 'https://example.org/a b', status: 201 },
      { value: '', status: 201 },
      { value: 'example.org', status: 422 },
      { value: 'ftp://example.org', status: 422 },
      { value: 'http://exa mple.org', status: 422 },
      { value: 'http://example.org:port', status: 422 },
      { value: `https://example.org/${long(240)}`, status: 422 },
    ],
  },
  {
    operation: 'orgCreate',
    field: 'email',
    gitea: 'at most 255; not checked as an address on creation',
    graft: 'the same',
    base: { username: 'e{u}' },
    cases: [
      { value: 'not an address', status: 201 },
      { value: long(256), status: 422 },
    ],
  },
  {
    operation: 'orgCreate',
    field: 'full_name, description, location',
    gitea: 'at most 100, 255 and 50 characters',
    graft: 'the same',
    base: { username: 'l{u}' },
    cases: [
      { body: { full_name: long(100), description: long(255), location: long(50) }, status: 201 },
      { body: { full_name: long(101) }, status: 422 },
      { body: { description: long(256) }, status: 422 },
      { body: { location: long(51) }, status: 422 },
    ],
  },
  {
    operation: 'orgCreate',
    field: 'visibility',
    gitea: 'In(,public,limited,private): empty is the default (public)',
    graft: 'the same',
    base: { username: 'v{u}' },
    cases: [
      { value: '', status: 201, check: (b) => b.visibility, expect: 'public' },
      { value: 'limited', status: 201 },
      { value: 'secret', status: 422 },
    ],
  },
  {
    operation: 'orgEdit',
    field: 'website',
    gitea: 'ValidUrl and at most 255, as on creation; the empty string clears it',
    graft: 'the same',
    cases: [
      { value: 'http:\\testurl.com', status: 200, check: (b) => b.website, expect: 'http:\\testurl.com' },
      { value: '', status: 200, check: (b) => b.website, expect: '' },
      { value: 'example.org', status: 422 },
    ],
  },
  {
    operation: 'orgEdit',
    field: 'email',
    gitea: 'an address when changed (a plain address, no display name; a dotless domain is fine); the empty string clears it',
    graft: 'the same',
    cases: [
      { value: 'team@localhost', status: 200 },
      { value: '', status: 200, check: (b) => b.email, expect: '' },
      { value: 'not an address', status: 422 },
    ],
  },
  {
    operation: 'orgEdit',
    field: 'visibility',
    gitea: 'In(,public,limited,private): empty leaves it as it is',
    graft: 'the same',
    cases: [
      { value: '', status: 200 },
      { value: 'secret', status: 422 },
    ],
  },
  // Teams
  {
    operation: 'orgCreateTeam',
    field: 'name',
    gitea: 'Required, AlphaDashDot (letters, digits, `_`, `-`, `.`), at most 255; a taken name 422',
    graft: 'the same',
    cases: [
      { value: 'Team_{u}.x-y', status: 201 },
      { value: '', status: 422 },
      { value: 'a team', status: 422 },
      { value: long(256), status: 422 },
    ],
  },
  {
    operation: 'orgCreateTeam',
    field: 'permission',
    gitea: 'read, write or admin; any other value (or none given with units) reads as none, and then units or units_map decide',
    graft: 'the same; the stored permission is then the highest unit level',
    base: { name: 'p{u}' },
    cases: [
      { body: { permission: 'loc', units: ['repo.code'] }, status: 201, check: (b) => [b.permission, b.units], expect: ['none', []] },
      { body: { permission: 'loc', units_map: { 'repo.code': 'write', 'repo.issues': 'read' } }, status: 201, check: (b) => [b.permission, b.units_map['repo.code']], expect: ['write', 'write'] },
      { body: { permission: 'admin', units: ['repo.code'] }, status: 201, check: (b) => b.permission, expect: 'admin' },
    ],
  },
  {
    operation: 'orgCreateTeam',
    field: 'units, units_map',
    gitea: 'unknown unit names are dropped; a level other than none, read, write or admin reads as none',
    graft: 'the same',
    base: { name: 'u{u}', permission: 'read' },
    cases: [
      { body: { units: ['repo.code', 'repo.nothing'] }, status: 201, check: (b) => b.units, expect: ['repo.code'] },
      { body: { units_map: { 'repo.code': 'boss', 'repo.wiki': 'read' } }, status: 201, check: (b) => b.units, expect: ['repo.wiki'] },
    ],
  },
  {
    operation: 'orgCreateTeam',
    field: 'description',
    gitea: 'at most 255',
    graft: 'the same (it used to be cut to 255)',
    base: { name: 'd{u}' },
    cases: [
      { value: long(255), status: 201 },
      { value: long(256), status: 422 },
    ],
  },
  {
    operation: 'orgCreateTeam',
    field: 'visibility',
    gitea: 'In(public,limited,private)',
    graft: 'the same',
    base: { name: 'tv{u}' },
    cases: [
      { value: 'private', status: 201 },
      { value: 'secret', status: 422 },
    ],
  },
  {
    operation: 'orgEditTeam',
    field: 'name',
    gitea: 'optional; AlphaDashDot, at most 255; empty leaves the name as it is',
    graft: 'the same',
    cases: [
      { value: OMIT, status: 200 },
      { value: '', status: 200 },
      { value: 'a team', status: 422 },
    ],
  },
  // Accounts
  {
    operation: 'adminCreateUser',
    field: 'email',
    gitea: 'Required, Email (the domain has a dot), at most 254, and a plain address (atoms of letters, digits and `!#$%&\'*+-/=?^_`{|}~` joined by dots, not starting with `-`); a taken address 422',
    graft: 'the same',
    base: { username: 'm{u}', password: 'long-enough-1' },
    cases: [
      { value: 'a.b+c-{u}@example.test', status: 201 },
      { value: OMIT, status: 422 },
      { value: '', status: 422 },
      { value: 'root@localhost', status: 422 },
      { value: 'not an address', status: 422 },
      { value: '-a{u}@example.test', status: 422 },
      { value: `${long(245)}@example.test`, status: 422 },
      { value: 'root@example.test', status: 422 },
    ],
  },
  {
    operation: 'adminCreateUser',
    field: 'username',
    gitea: 'Required, Username (as for organizations), at most 40; reserved and taken names 422',
    graft: 'the same',
    base: { email: 'n{u}@example.test', password: 'long-enough-1' },
    cases: [
      { value: 'n.{u}', status: 201 },
      { value: 'a b', status: 422 },
      { value: 'root', status: 422 },
      { value: long(41), status: 422 },
    ],
  },
  {
    operation: 'adminCreateUser',
    field: 'password',
    gitea: 'at most 255; for a local account at least 8 characters, else 400 (left out too)',
    graft: 'the same',
    base: { username: 'pw{u}', email: 'pw{u}@example.test' },
    cases: [
      { value: 'long-enough-1', status: 201 },
      { value: OMIT, status: 400 },
      { value: 'short', status: 400 },
      { value: long(256), status: 422 },
    ],
  },
  {
    operation: 'adminCreateUser',
    field: 'full_name, visibility',
    gitea: 'full_name at most 100; visibility In(,public,limited,private), empty is public',
    graft: 'the same',
    base: { username: 'f{u}', email: 'f{u}@example.test', password: 'long-enough-1' },
    cases: [
      { body: { full_name: long(100), visibility: '' }, status: 201, check: (b) => b.visibility, expect: 'public' },
      { body: { full_name: long(101) }, status: 422 },
      { body: { visibility: 'secret' }, status: 422 },
    ],
  },
  {
    operation: 'adminEditUser',
    field: 'source_id, login_name',
    gitea: 'neither is required (source_id 0 or left out: a local account)',
    graft: 'the same',
    cases: [{ body: {}, status: 200 }],
  },
  {
    operation: 'adminEditUser',
    field: 'email',
    gitea: 'at most 254 and a plain address; a bad or taken address is a 400',
    graft: 'the same',
    cases: [
      { value: 'edited-{u}@example.test', status: 200 },
      { value: 'not an address', status: 400 },
      { value: 'root@example.test', status: 400 },
    ],
  },
  {
    operation: 'adminEditUser',
    field: 'website, password, visibility',
    gitea: 'website OmitEmpty, ValidUrl, at most 255; a password shorter than 8 is a 400; visibility In(,public,limited,private)',
    graft: 'the same',
    cases: [
      { body: { website: '' }, status: 200 },
      { body: { website: 'http:\\testurl.com' }, status: 200 },
      { body: { website: 'example.org' }, status: 422 },
      { body: { password: 'short' }, status: 400 },
      { body: { visibility: '' }, status: 200 },
      { body: { visibility: 'secret' }, status: 422 },
    ],
  },
  {
    operation: 'userCreateToken',
    field: 'name, scopes',
    gitea: 'name Required (a taken name 400); scopes must be known and not empty, else 400',
    graft: 'the same',
    cases: [
      { body: { name: 't{u}', scopes: ['read:user'] }, status: 201 },
      { body: { name: '', scopes: ['read:user'] }, status: 422 },
      { body: { name: 't{u}', scopes: ['read:everything'] }, status: 400 },
      { body: { name: 't{u}', scopes: [] }, status: 400 },
    ],
  },
  // Labels
  {
    operation: 'issueCreateLabel',
    field: 'name, color',
    gitea: 'both Required; color six or three hex digits, with or without #, spaces around it trimmed (stored as # and six digits)',
    graft: 'the same',
    cases: [
      { body: { name: 'l{u}', color: '00aabb' }, status: 201, check: (b) => b.color, expect: '00aabb' },
      { body: { name: 'l{u}', color: ' #abc ' }, status: 201, check: (b) => b.color, expect: 'aabbcc' },
      { body: { name: 'l{u}', color: 'red' }, status: 422 },
      { body: { name: 'l{u}' }, status: 422 },
      { body: { name: '', color: '#00aabb' }, status: 422 },
    ],
  },
  {
    operation: 'issueEditLabel',
    field: 'name, color',
    gitea: 'optional; a color is checked as on creation; an empty name is stored',
    graft: 'optional; a color is checked as on creation; an empty name 422',
    cases: [
      { value: OMIT, status: 200 },
      { body: { color: '#123' }, status: 200, check: (b) => b.color, expect: '112233' },
      { body: { color: '12345' }, status: 422 },
      { body: { name: '' }, status: 422 },
    ],
  },
  {
    operation: 'orgCreateLabel',
    field: 'name, color',
    gitea: 'both Required; color six hex digits, with or without #',
    graft: 'as for repository labels (three digits too)',
    cases: [
      { body: { name: 'l{u}', color: '#00aabb' }, status: 201 },
      { body: { name: 'l{u}', color: 'nope' }, status: 422 },
      { body: { color: '#00aabb' }, status: 422 },
    ],
  },
  // Repositories
  {
    operation: 'createCurrentUserRepo',
    field: 'name',
    gitea: 'Required, AlphaDashDot, at most 100; `.`, `..`, `-` and names ending in .git, .wiki, .rss or .atom are reserved (422)',
    graft: 'the same (Graft used to reserve more names, such as api)',
    cases: [
      { value: 'api', status: 201 },
      { value: 'r.{u}_x-y', status: 201 },
      { value: 'a b', status: 422 },
      { value: 'x{u}.git', status: 422 },
      { value: '-', status: 422 },
      { value: long(101), status: 422 },
    ],
  },
  {
    operation: 'createCurrentUserRepo',
    field: 'trust_model',
    gitea: 'default, collaborator, committer or collaboratorcommitter; any other value reads as default',
    graft: 'the same',
    base: { name: 'tm{u}' },
    cases: [
      { value: 'loc', status: 201 },
      { value: 'committer', status: 201 },
    ],
  },
  {
    operation: 'createCurrentUserRepo',
    field: 'object_format_name',
    gitea: 'empty (sha1), sha1 or sha256; at most 6 characters (422); another short name fails with a 500',
    graft: 'empty, sha1 or sha256; anything else 422',
    base: { name: 'of{u}' },
    cases: [
      { value: '', status: 201, check: (b) => b.object_format_name, expect: 'sha1' },
      { value: 'sha256', status: 201 },
      { value: 'md5', status: 422 },
    ],
  },
  {
    operation: 'createCurrentUserRepo',
    field: 'readme, gitignores, license',
    gitea: 'used with auto_init only; an unknown readme is a 400; an unknown gitignore or license fails with a 500',
    graft: 'an unknown readme is a 400; an unknown gitignore or license 422 (Graft knows fewer templates than Gitea)',
    base: { name: 'tpl{u}' },
    cases: [
      { body: { readme: 'Nope', gitignores: 'Nope', license: 'Nope' }, status: 201 },
      { body: { auto_init: true, readme: 'Nope' }, status: 400 },
      { body: { auto_init: true, gitignores: 'Nope' }, status: 422 },
      { body: { auto_init: true, license: 'Nope' }, status: 422 },
    ],
  },
  {
    operation: 'createCurrentUserRepo',
    field: 'default_branch, description',
    gitea: 'default_branch a git ref name of at most 100 (empty: main); description at most 2048',
    graft: 'the same',
    base: { name: 'db{u}' },
    cases: [
      { body: { default_branch: 'feature/x', description: long(2048) }, status: 201 },
      { body: { default_branch: 'bad..name' }, status: 422 },
      { body: { default_branch: long(101) }, status: 422 },
      { body: { description: long(2049) }, status: 422 },
    ],
  },
  {
    operation: 'repoEdit',
    field: 'default_merge_style',
    gitea: 'stored as given; an unknown style behaves as merge',
    graft: 'an unknown style reads as merge',
    cases: [
      { value: 'squash', status: 200, check: (b) => b.default_merge_style, expect: 'squash' },
      { value: 'loc', status: 200, check: (b) => b.default_merge_style, expect: 'merge' },
    ],
  },
  {
    operation: 'repoEdit',
    field: 'default_branch',
    gitea: 'changed only to a branch that exists (any name on an empty repository); otherwise left as it is',
    graft: 'changed only to a branch that exists (any valid branch name on an empty repository); otherwise left as it is',
    cases: [{ value: 'no-such-branch', status: 200, check: (b) => b.default_branch, expect: 'main' }],
  },
  {
    operation: 'repoEdit',
    field: 'name, description, website, projects_mode',
    gitea: 'name as on creation, a taken name 422; description at most 2048; website at most 1024 (not checked as a URL); projects_mode In(repo,owner,all)',
    graft: 'the same',
    cases: [
      { body: { website: 'not a url', description: long(2048) }, status: 200 },
      { body: { name: 'taken' }, status: 422 },
      { body: { name: '' }, status: 422 },
      { body: { website: long(1025) }, status: 422 },
      { body: { projects_mode: 'everything' }, status: 422 },
    ],
  },
  {
    operation: 'repoEdit',
    field: 'external_tracker, external_wiki',
    gitea: 'URLs as ValidUrl; a format must be such a URL with closed {user}, {repo}, {index}; the style and regexp pattern are stored as given (an unknown style behaves as numeric)',
    graft: 'the same; an unknown style reads as numeric; the empty URL switches the external tool off (Gitea refuses it)',
    cases: [
      { body: { external_tracker: { external_tracker_url: 'http:\\tracker.example', external_tracker_style: 'roman', external_tracker_regexp_pattern: '(' } }, status: 200, check: (b) => b.external_tracker.external_tracker_style, expect: 'numeric' },
      { body: { external_tracker: { external_tracker_url: 'tracker.example' } }, status: 422 },
      { body: { external_tracker: { external_tracker_url: 'https://t.example', external_tracker_format: 'https://t.example/{index' } }, status: 422 },
      { body: { external_wiki: { external_wiki_url: 'javascript:alert(1)' } }, status: 422 },
      { body: { external_wiki: { external_wiki_url: '' } }, status: 200 },
    ],
  },
  {
    operation: 'repoEdit',
    field: 'mirror_interval, enable_prune, mirror credentials',
    gitea: 'ignored on a repository that is not a mirror',
    graft: 'ignored (Graft has no mirrors)',
    cases: [{ body: { mirror_interval: 'soon', enable_prune: true, mirror_username: 'u', mirror_password: 'p' }, status: 200 }],
  },
  {
    operation: 'repoTransfer',
    field: 'new_owner',
    gitea: 'not checked by binding: left out or unknown, the new owner does not exist (404)',
    graft: 'the same',
    cases: [
      { value: OMIT, status: 404 },
      { value: 'nobody-{u}', status: 404 },
    ],
  },
  {
    operation: 'repoAddCollaborator',
    field: 'permission',
    gitea: 'read, write or admin (write when left out); another value fails with a 500',
    graft: 'read, write or admin (write when left out); another value 422',
    cases: [
      { value: OMIT, status: 204 },
      { value: 'read', status: 204 },
      { value: 'owner', status: 422 },
    ],
  },
  {
    operation: 'repoCreateFile',
    field: 'author.email, committer.email',
    gitea: 'at most 254, not checked as an address (git refuses <, > and line breaks: a 500)',
    graft: 'at most 254; <, > and line breaks 422',
    base: { content: 'aGk=', message: 'm' },
    cases: [
      { body: { author: { name: 'A', email: 'not an address' }, committer: { name: 'C', email: 'c@localhost' } }, status: 201 },
      { body: { author: { name: 'A', email: 'a<b>@example.test' } }, status: 422 },
      { body: { author: { name: 'A', email: `${long(251)}@x.y` } }, status: 422 },
    ],
  },
  {
    operation: 'repoChangeFiles',
    field: 'files[].path, files[].operation',
    gitea: 'path Required, at most 500; operation In(create,update,upload,rename,delete)',
    graft: 'the same',
    cases: [
      { body: { files: [{ operation: 'create', path: `${long(496)}.txt`, content: 'aGk=' }] }, status: 201 },
      { body: { files: [{ operation: 'create', path: `${long(497)}.txt`, content: 'aGk=' }] }, status: 422 },
      { body: { files: [{ operation: 'move', path: 'a.txt' }] }, status: 422 },
    ],
  },
  {
    operation: 'issueCreateMilestone',
    field: 'title',
    gitea: 'not checked: an empty title is stored; longer than its column (255) fails with a 500',
    graft: 'required, not blank, at most 255; 422 otherwise',
    cases: [
      { value: 'v1-{u}', status: 201 },
      { value: long(255), status: 201 },
      { value: OMIT, status: 422 },
      { value: '  ', status: 422 },
      { value: long(256), status: 422 },
    ],
  },
  {
    operation: 'issueCreateMilestone',
    field: 'state',
    gitea: 'closed starts the milestone closed; any other value, open',
    graft: 'the same',
    base: { title: 's{u}' },
    cases: [
      { value: 'closed', status: 201, check: (body) => body.state, expect: 'closed' },
      { value: 'whatever', status: 201, check: (body) => body.state, expect: 'open' },
    ],
  },
];

/** `{u}` → the suffix, in strings, arrays and objects. */
export function fill<T>(value: T, suffix: string): T {
  if (typeof value === 'string') return value.replaceAll('{u}', suffix) as T;
  if (Array.isArray(value)) return value.map((v) => fill(v, suffix)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, suffix)])) as T;
  return value;
}

/** The body a case sends: the rule's base fields, then the case's field or body. */
export function bodyOf(rule: Rule, c: Case): Record<string, unknown> {
  const body: Record<string, unknown> = { ...(rule.base ?? {}) };
  if (c.body) Object.assign(body, c.body);
  else if (c.value === OMIT) delete body[rule.field];
  else body[rule.field] = c.value;
  return body;
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'string' ? v.replace(/x{20,}/g, (run) => `<${run.length} x>`) : v));
  return `\`${text.replace(/\|/g, '\\|')}\``;
};
const caseText = (rule: Rule, c: Case) => (c.body ? shown(c.body) : c.value === OMIT ? 'left out' : shown(c.value));

/** The document: what it is, then one table row per rule. */
export function renderDocument(rules: Rule[] = RULES): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = rules.map((rule) => {
    const accepted = rule.cases.filter((c) => c.status < 300).map((c) => `${caseText(rule, c)} → ${c.status}`);
    const refused = rule.cases.filter((c) => c.status >= 300).map((c) => `${caseText(rule, c)} → ${c.status}`);
    return `| ${rule.operation} | ${rule.field} | ${cell(rule.gitea)} | ${cell(rule.graft)} | ${accepted.join('<br>') || '–'} | ${refused.join('<br>') || '–'} |`;
  });
  return `# REST input validation, next to Gitea's

Graft checks REST requests against schema/openapi/ and in its services. Where the two differ from
Gitea, a Gitea client would see a request refused that Gitea takes, or the other way round; this table lists
every check on a request field that a Gitea client is likely to meet, what Gitea does (its binding rules and
what its handler does with the value) and what Graft does. Values Gitea reads leniently are read the same way
by the REST facade (rest-facade/lenient.ts) before it calls GraphQL, whose inputs stay strict. Where Gitea
fails with a 500, Graft answers a clear 4xx instead.

Every row is a test: test/rest/validation-rules.test.ts sends each example and expects its status (\`{u}\`
stands for a suffix unique to the run, \`<N x>\` for N letters x). The table is generated
from test/rest/validation-rules.ts (\`npx tsx test/rest/validation-rules.ts\`); a test fails when it is stale.

Lengths count characters, as Gitea's MaxSize does. A body field of the wrong JSON type is a 422, as in
Gitea; malformed JSON is a 400.

| Operation | Field | Gitea | Graft | Accepted | Refused |
|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

export const documentPath = fileURLToPath(new URL('../../docs/rest-validation.md', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(documentPath, renderDocument());
  console.log(`wrote ${documentPath}`);
}
