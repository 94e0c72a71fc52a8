import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';

/**
 * Issue templates and the issue chooser's configuration, read as Gitea reads them (its modules/issue/template and
 * services/issue/template.go): markdown templates with YAML front matter and YAML issue forms, each checked
 * before it is offered, and config.yaml with blank_issues_enabled and contact_links. Pure functions of a file's
 * name and text; reading them from git is the service's job.
 */

/** The folders templates are read from, every one of them, in this order. */
export const TEMPLATE_DIRECTORIES = [
  'ISSUE_TEMPLATE',
  'issue_template',
  '.gitea/ISSUE_TEMPLATE',
  '.gitea/issue_template',
  '.github/ISSUE_TEMPLATE',
  '.github/issue_template',
  '.gitlab/ISSUE_TEMPLATE',
  '.gitlab/issue_template',
] as const;

/** Where the configuration is looked for (with .yaml, then .yml): the first file found is the configuration. */
export const CONFIG_FILES = ['.gitea/ISSUE_TEMPLATE/config', '.gitea/issue_template/config', '.github/ISSUE_TEMPLATE/config', '.github/issue_template/config'].flatMap(
  (base) => [`${base}.yaml`, `${base}.yml`],
);

/** Templates larger than this are refused (Gitea's UI.MAX_DISPLAY_FILE_SIZE default). */
export const MAX_TEMPLATE_BYTES = 8 * 1024 * 1024;
/** A configuration larger than this is refused. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export const FORM_FIELD_TYPES = ['markdown', 'textarea', 'input', 'dropdown', 'checkboxes'] as const;

export interface IssueFormField {
  type: string;
  id: string;
  /** The field's attributes as the file gives them; null when it gives none. */
  attributes: Record<string, unknown> | null;
  validations: Record<string, unknown> | null;
  /** Where the field shows: `form`, `content`. */
  visible: string[];
}

export interface IssueTemplate {
  /** Its path in the repository. */
  fileName: string;
  name: string;
  title: string;
  about: string;
  /** Null when the template names none. */
  labels: string[] | null;
  assignees: string[] | null;
  /** The ref new issues get: a branch name is given as refs/heads/<name>. */
  ref: string;
  /** A markdown template's text after its front matter; empty for a form. */
  content: string;
  /** A form's fields; null when the template has none (markdown). */
  fields: IssueFormField[] | null;
}

export interface ContactLink {
  name: string;
  url: string;
  about: string;
}

export interface IssueConfig {
  blankIssuesEnabled: boolean;
  contactLinks: ContactLink[];
}

/** What a repository without a configuration (or with one that does not hold) has. */
export const defaultIssueConfig = (): IssueConfig => ({ blankIssuesEnabled: true, contactLinks: [] });

class TemplateError extends Error {}

/** `markdown` or `yaml` for a file that may be a template, by its extension; null for others (config.yaml among them). */
export function templateKind(fileName: string): 'markdown' | 'yaml' | null {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  if (base === 'config.yaml' || base === 'config.yml') return null;
  if (base.endsWith('.md')) return 'markdown';
  if (base.endsWith('.yaml') || base.endsWith('.yml')) return 'yaml';
  return null;
}

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const describe = (value: unknown) => (Array.isArray(value) ? 'a list' : isMap(value) ? 'a mapping' : typeof value);

function parseYaml(text: string): unknown {
  try {
    return loadYaml(text, { schema: CORE_SCHEMA });
  } catch (err) {
    throw new TemplateError(`yaml: ${(err as Error).message.split('\n')[0]}`);
  }
}

/** A scalar read as text, as YAML decodes into a string: null (or absent) is empty; lists and mappings are refused. */
function text(value: unknown, key: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') throw new TemplateError(`'${key}' should be a string, not ${describe(value)}`);
  return String(value);
}

/** Labels or assignees: a list of names, or one comma-separated string; null when absent. */
function names(value: unknown, key: string): string[] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item, i) => text(item, `${key}[${i}]`));
  const split = text(value, key).split(',').map((name) => name.trim()).filter((name) => name !== '');
  return split.length > 0 ? split : null;
}

function mapping(value: unknown, key: string): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (!isMap(value)) throw new TemplateError(`'${key}' should be a mapping, not ${describe(value)}`);
  return value;
}

function formFields(value: unknown): IssueFormField[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw new TemplateError(`'body' should be a list, not ${describe(value)}`);
  return value.map((item, index) => {
    if (!isMap(item)) throw new TemplateError(`body[${index}] should be a mapping, not ${describe(item)}`);
    const type = text(item.type, `body[${index}].type`);
    const visible = item.visible == null ? null : Array.isArray(item.visible) ? item.visible.map((v, i) => text(v, `body[${index}].visible[${i}]`)) : null;
    if (item.visible != null && !visible) throw new TemplateError(`'body[${index}].visible' should be a list`);
    return {
      type,
      // A field without an id gets its position, as in Gitea.
      id: text(item.id, `body[${index}].id`) || String(index),
      attributes: mapping(item.attributes, `body[${index}].attributes`),
      validations: mapping(item.validations, `body[${index}].validations`),
      // Shown on the form and in the issue's text, but markdown only on the form, unless the field says where.
      visible: visible ?? (type === 'markdown' ? ['form'] : ['form', 'content']),
    };
  });
}

/** The template fields of a YAML mapping (a form, or a markdown template's front matter). */
function templateFrom(fileName: string, data: unknown): IssueTemplate {
  if (data === null || data === undefined) data = {};
  if (!isMap(data)) throw new TemplateError(`a template is a mapping, not ${describe(data)}`);
  return {
    fileName,
    name: text(data.name, 'name'),
    title: text(data.title, 'title'),
    // `description` is read as `about` when there is no about, as GitHub names it.
    about: text(data.about, 'about') || (data.description != null && typeof data.description !== 'object' ? String(data.description) : ''),
    labels: names(data.labels, 'labels'),
    assignees: names(data.assignees, 'assignees'),
    ref: text(data.ref, 'ref'),
    content: '',
    fields: formFields(data.body),
  };
}

/** A line of three dashes or more (and nothing else but blanks): where front matter starts and ends. */
const isSeparator = (line: string) => /^-{3,}[ \t\r]*$/.test(line);

/** Front matter and the text after it; null when the text does not open with front matter that closes. */
function frontMatter(content: string): { front: string; body: string } | null {
  const lines = content.split('\n');
  if (!isSeparator(lines[0])) return null;
  const end = lines.findIndex((line, i) => i > 0 && isSeparator(line));
  if (end < 0) return null;
  const front = lines.slice(1, end).join('\n');
  if (front === '') return null;
  return { front: `${front}\n`, body: lines.slice(end + 1).join('\n') };
}

/** The first 80 characters of a text, with an ellipsis when it is longer (what a template without front matter is about). */
function ellipsis(value: string, limit = 80): string {
  const chars = [...value];
  return chars.length <= limit ? value : `${chars.slice(0, limit - 1).join('')}…`;
}

/** A markdown template: front matter for its fields; without usable front matter, the whole file is its text. */
function markdownTemplate(fileName: string, content: string): IssueTemplate {
  const parts = frontMatter(content);
  if (parts) {
    try {
      return { ...templateFrom(fileName, parseYaml(parts.front)), content: parts.body };
    } catch (err) {
      if (!(err instanceof TemplateError)) throw err;
    }
  }
  return {
    ...templateFrom(fileName, {}),
    content,
    name: fileName.slice(fileName.lastIndexOf('/') + 1),
    about: ellipsis(content),
  };
}

// ---------------------------------------------------------------------------------------------
// Checks (Gitea's template.Validate): the first failure is the template's error

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

function at(index: number, type: string, option?: number) {
  return `body[${index}](${type})${option === undefined ? '' : `, option[${option}]`}`;
}

function checkStrings(where: string, map: Record<string, unknown> | null, required: boolean, ...keys: string[]) {
  for (const key of keys) {
    const value = map?.[key];
    if (value === undefined) {
      if (required) throw new TemplateError(`${where}: '${key}' is required`);
      // As in Gitea, the first key that is absent ends the check.
      return;
    }
    if (typeof value !== 'string') throw new TemplateError(`${where}: '${key}' should be a string`);
    if (required && value.trim() === '') throw new TemplateError(`${where}: '${key}' is required`);
  }
}

function checkBoolean(where: string, map: Record<string, unknown> | null, key: string) {
  const value = map?.[key];
  if (value !== undefined && typeof value !== 'boolean') throw new TemplateError(`${where}: '${key}' should be a bool`);
}

function checkOptions(field: IssueFormField, index: number) {
  const where = at(index, field.type);
  const options = field.attributes?.options;
  if (!Array.isArray(options) || options.length === 0) throw new TemplateError(`${where}: 'options' is required and should be a array`);
  options.forEach((option, i) => {
    const place = at(index, field.type, i);
    if (field.type === 'dropdown') {
      if (typeof option !== 'string') throw new TemplateError(`${place}: should be a string`);
      return;
    }
    if (!isMap(option)) throw new TemplateError(`${place}: should be a dictionary`);
    if (typeof option.label !== 'string' || option.label === '') throw new TemplateError(`${place}: 'label' is required and should be a string`);
    const visible = option.visible;
    if (visible !== undefined) {
      if (!Array.isArray(visible)) throw new TemplateError(`${place}: 'visible' should be list`);
      if (!visible.every((v) => v === 'form' || v === 'content')) throw new TemplateError(`${place}: 'visible' list can only contain strings of 'form' and 'content'`);
    }
    if (option.required !== undefined) {
      if (typeof option.required !== 'boolean') throw new TemplateError(`${place}: 'required' should be a bool`);
      if (Array.isArray(visible) && !visible.includes('form')) throw new TemplateError(`${place}: can not require a hidden checkbox`);
    }
  });
  if (field.type === 'dropdown' && field.attributes?.default !== undefined) {
    const chosen = field.attributes.default;
    if (typeof chosen !== 'number' || !Number.isInteger(chosen)) throw new TemplateError(`${where}: 'default' should be an int`);
    if (chosen < 0 || chosen >= options.length) throw new TemplateError(`${where}: the value of 'default' is out of range`);
  }
}

function checkFields(fields: IssueFormField[] | null) {
  if (!fields || fields.length === 0) throw new TemplateError("'body' is required");
  const ids = new Set<string>();
  fields.forEach((field, index) => {
    const where = at(index, field.type);
    if (field.type !== 'markdown') {
      if (!ID_PATTERN.test(field.id)) throw new TemplateError(`${where}: 'id' should contain only alphanumeric, '-' and '_'`);
      if (ids.has(field.id)) throw new TemplateError(`${where}: 'id' should be unique`);
      ids.add(field.id);
      checkStrings(where, field.attributes, true, 'label');
    }
    switch (field.type) {
      case 'markdown':
        checkStrings(where, field.attributes, true, 'value');
        break;
      case 'textarea':
        checkStrings(where, field.attributes, false, 'description', 'placeholder', 'value', 'render');
        break;
      case 'input':
        checkStrings(where, field.attributes, false, 'description', 'placeholder', 'value');
        checkBoolean(where, field.validations, 'is_number');
        checkStrings(where, field.validations, false, 'regex');
        break;
      case 'dropdown':
        checkStrings(where, field.attributes, false, 'description');
        checkBoolean(where, field.attributes, 'multiple');
        checkOptions(field, index);
        break;
      case 'checkboxes':
        checkStrings(where, field.attributes, false, 'description');
        checkOptions(field, index);
        break;
      default:
        throw new TemplateError(`${where}: unknown type`);
    }
    if (field.type !== 'markdown' && field.type !== 'checkboxes') {
      checkBoolean(where, field.validations, 'required');
      if (field.validations?.required === true && !field.visible.includes('form')) throw new TemplateError(`${where}: can not require a hidden field`);
    }
  });
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * A template from its file, checked: name and about are required; a form needs fields, each of a known type
 * with a unique id (but markdown) and a label, the attributes its type reads of the right kinds, and options
 * for dropdowns and checkboxes. A branch name given as ref becomes refs/heads/<name>, as in Gitea.
 */
export function parseTemplate(fileName: string, content: string): Parsed<IssueTemplate> {
  try {
    const kind = templateKind(fileName);
    if (!kind) throw new TemplateError('not a template file');
    const template = kind === 'markdown' ? markdownTemplate(fileName, content) : templateFrom(fileName, parseYaml(content));
    if (template.name.trim() === '') throw new TemplateError("'name' is required");
    if (template.about.trim() === '') throw new TemplateError("'about' is required");
    if (kind === 'yaml') checkFields(template.fields);
    if (!template.ref.startsWith('refs/')) template.ref = `refs/heads/${template.ref}`;
    return { ok: true, value: template };
  } catch (err) {
    if (err instanceof TemplateError) return { ok: false, error: err.message };
    throw err;
  }
}

/** What Go's url.ParseRequestURI takes: an absolute URI (a scheme) or an absolute path, with no blank or control character. */
const isRequestUri = (url: string) =>
  ![...url].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f) && (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) || url.startsWith('/'));

/**
 * The configuration in `content`: blank_issues_enabled (true when absent) and contact_links, each with a name, a
 * url (an absolute URI) and an about. A configuration that does not hold is refused whole: the caller then uses
 * the default, as Gitea does, and reports why.
 */
export function parseIssueConfig(content: string): Parsed<IssueConfig> {
  try {
    const data = parseYaml(content) ?? {};
    if (!isMap(data)) throw new TemplateError(`the configuration is a mapping, not ${describe(data)}`);
    const config = defaultIssueConfig();
    if (data.blank_issues_enabled != null) {
      if (typeof data.blank_issues_enabled !== 'boolean') throw new TemplateError("'blank_issues_enabled' should be a bool");
      config.blankIssuesEnabled = data.blank_issues_enabled;
    }
    if (data.contact_links != null) {
      if (!Array.isArray(data.contact_links)) throw new TemplateError("'contact_links' should be a list");
      config.contactLinks = data.contact_links.map((link, i) => {
        const entry = mapping(link, `contact_links[${i}]`) ?? {};
        return { name: text(entry.name, 'name'), url: text(entry.url, 'url'), about: text(entry.about, 'about') };
      });
    }
    config.contactLinks.forEach((link, i) => {
      for (const key of ['name', 'url', 'about'] as const) {
        if (link[key] === '') throw new TemplateError(`contact_link at position ${i + 1} is missing ${key} key`);
      }
      if (!isRequestUri(link.url)) throw new TemplateError(`${link.url} is not a valid URL`);
    });
    return { ok: true, value: config };
  } catch (err) {
    if (err instanceof TemplateError) return { ok: false, error: err.message };
    throw err;
  }
}
