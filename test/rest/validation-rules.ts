/**
 * The input checks of the REST API, next to Gitea's: the data behind docs/rest-validation.md and
 * test/rest/validation-rules.test.ts. Each rule names an operation and a field, says what Gitea does with
 * the value (its binding tags and what its handler does) and what Graft does, and carries cases: values
 * Gitea accepts are accepted, values Gitea refuses are refused with Gitea's status (or a clear 4xx where
 * Gitea fails with a 500). Each area declares its rules in test/rest/fixtures/<area>.ts. Run this file (`npx tsx test/rest/validation-rules.ts`) to rewrite the document.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadAreaFixtures, OMIT, type Case, type Rule } from '../testkit/walking.ts';

/** Every area's rules (test/rest/fixtures/<area>.ts), in area order. */
export const RULES: Rule[] = (await loadAreaFixtures()).flatMap((area) => area.validation?.rules ?? []);

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

/**
 * A string with each run of 20 or more x shown as `<N x>`. A scan, not a regular expression: a 5 MiB run (the
 * Markdown size limit's case) overflowed the stack of V8's compiled /x{20,}/ once it tiered up.
 */
function shortRuns(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const start = text.indexOf('x', i);
    if (start < 0) return out + text.slice(i);
    let end = start;
    while (end < text.length && text[end] === 'x') end++;
    out += text.slice(i, start) + (end - start >= 20 ? `<${end - start} x>` : text.slice(start, end));
    i = end;
  }
  return out;
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'string' ? shortRuns(v) : v));
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
