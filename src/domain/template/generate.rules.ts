import { globToRegExp } from '../protection/protection.rules.ts';

/**
 * The pure parts of generating a repository from a template: the `.gitea/template` file (which files get their
 * variables expanded, which are left out), the variables and their spellings, and the path clean-up, with the
 * rules Gitea applies.
 */

/** The file of a template repository that names the files to expand ([expand], the default) and to leave out ([exclude]). */
export const TEMPLATE_FILE = '.gitea/template';

export interface TemplateRules {
  expand: RegExp[];
  exclude: RegExp[];
}

/** The rules of a `.gitea/template` file: a glob a line, `#` comments, sections [expand] and [exclude]; bad globs skipped. */
export function parseTemplateFile(text: string): TemplateRules {
  const rules: TemplateRules = { expand: [], exclude: [] };
  let current = rules.expand;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[') && line.endsWith(']')) {
      if (line === '[expand]') current = rules.expand;
      else if (line === '[exclude]') current = rules.exclude;
      continue;
    }
    const re = globToRegExp(line, ['/']);
    if (re) current.push(re);
  }
  return rules;
}

/** Whether a file is left out: it, or a folder it is in, matches an [exclude] glob. */
export function isExcluded(rules: TemplateRules, path: string): boolean {
  const parts = path.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    if (rules.exclude.some((re) => re.test(prefix))) return true;
  }
  return false;
}

export const isExpanded = (rules: TemplateRules, path: string): boolean => rules.expand.some((re) => re.test(path));

function words(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

/** The spellings a variable comes in, as ${NAME_SNAKE}, ${NAME_KEBAB}, … */
const TRANSFORMS: Record<string, (value: string) => string> = {
  SNAKE: (v) => words(v).map((w) => w.toLowerCase()).join('_'),
  KEBAB: (v) => words(v).map((w) => w.toLowerCase()).join('-'),
  CAMEL: (v) => words(v).map((w, i) => (i === 0 ? w.toLowerCase() : capital(w))).join(''),
  PASCAL: (v) => words(v).map(capital).join(''),
  LOWER: (v) => v.toLowerCase(),
  UPPER: (v) => v.toUpperCase(),
  TITLE: (v) => v.replace(/[A-Za-z0-9]+/g, capital),
};

export interface TemplateSide {
  name: string;
  owner: string;
  description: string;
  link: string;
  httpsUrl: string;
  sshUrl: string;
}

/** Every variable a template may use, for the new repository and the template it comes from. */
export function templateVariables(generated: TemplateSide, template: TemplateSide, now: Date): Map<string, string> {
  const month = now.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const base: [string, string, boolean][] = [
    ['YEAR', String(now.getUTCFullYear()), false],
    ['MONTH', String(now.getUTCMonth() + 1).padStart(2, '0'), false],
    ['MONTH_ENGLISH', month, true],
    ['DAY', String(now.getUTCDate()).padStart(2, '0'), false],
    ['REPO_NAME', generated.name, true],
    ['TEMPLATE_NAME', template.name, true],
    ['REPO_DESCRIPTION', generated.description, false],
    ['TEMPLATE_DESCRIPTION', template.description, false],
    ['REPO_OWNER', generated.owner, true],
    ['TEMPLATE_OWNER', template.owner, true],
    ['REPO_LINK', generated.link, false],
    ['TEMPLATE_LINK', template.link, false],
    ['REPO_HTTPS_URL', generated.httpsUrl, false],
    ['TEMPLATE_HTTPS_URL', template.httpsUrl, false],
    ['REPO_SSH_URL', generated.sshUrl, false],
    ['TEMPLATE_SSH_URL', template.sshUrl, false],
  ];
  const vars = new Map<string, string>();
  for (const [name, value, transformed] of base) {
    vars.set(name, value);
    if (transformed) for (const [suffix, fn] of Object.entries(TRANSFORMS)) vars.set(`${name}_${suffix}`, fn(value));
  }
  return vars;
}

const SPECIAL = '*#$@!?-0123456789';

/**
 * `$NAME` and `${NAME}` replaced as a shell would expand them (Go's os.Expand, which Gitea uses): an unknown name
 * becomes the bare name, a lone `$` stays, `${}` disappears.
 */
export function expandVariables(text: string, vars: Map<string, string>): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== '$' || i + 1 >= text.length) {
      out += c;
      i++;
      continue;
    }
    const next = text[i + 1];
    let name: string;
    let width: number;
    if (next === '{') {
      const end = text.indexOf('}', i + 2);
      if (end < 0) {
        // Unclosed: Go drops the "${" and keeps the rest.
        i += 2;
        continue;
      }
      name = text.slice(i + 2, end);
      width = end - i + 1;
      if (name === '') {
        i += width;
        continue;
      }
    } else if (SPECIAL.includes(next)) {
      name = next;
      width = 2;
    } else {
      const m = /^[A-Za-z0-9_]+/.exec(text.slice(i + 1));
      if (!m) {
        out += c;
        i++;
        continue;
      }
      name = m[0];
      width = 1 + name.length;
    }
    out += vars.get(name) ?? name;
    i += width;
  }
  return out;
}

/** A path made safe after expansion: characters files may not have become "_", no ".." or ".git" segment survives. */
export function sanitizePath(path: string): string {
  const reserved = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
  const segments = path.split('/').map((segment) => {
    // eslint-disable-next-line no-control-regex
    let s = segment.replace(/[<>:"\\|?*\u0000-\u001f]/g, '_').trim();
    if (reserved.test(s)) s = '_';
    if (s.startsWith('..')) s = `__${s.slice(2)}`;
    if (s.toLowerCase() === '.git') s = `_${s.slice(1)}`;
    return s;
  });
  return segments.filter((s) => s !== '' && s !== '.').join('/');
}
