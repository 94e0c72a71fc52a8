import sanitize from 'sanitize-html';

/** Where relative links and images of a text point: its directory, and the root of its ref for links from /. */
export interface LinkBases {
  link: string;
  media: string;
  linkRoot?: string;
  mediaRoot?: string;
}

/**
 * What rendered HTML may keep, after Gitea's sanitizer: the elements Markdown and GitHub-flavoured raw HTML make,
 * the attributes they need, links over http(s) and mailto only (images over http(s): no data: or javascript:
 * URLs anywhere), and the classes the renderer itself sets (mentions, references, emoji, task lists, code
 * languages). Everything else goes: scripts and styles with their content, frames, objects, forms, event
 * handler attributes, style attributes but a table cell's alignment.
 */
const BASE: sanitize.IOptions = {
  allowedTags: [
    ...sanitize.defaults.allowedTags.filter((tag) => tag !== 'style'),
    'img', 'del', 'ins', 'details', 'summary', 'input', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'name'],
    img: ['src', 'alt', 'title', 'width', 'height', 'align'],
    input: ['type', 'checked', 'disabled'],
    th: ['style', 'align', 'colspan', 'rowspan'],
    td: ['style', 'align', 'colspan', 'rowspan'],
    ol: ['start', 'type'],
    li: ['value'],
    details: ['open'],
    span: ['aria-label'],
    '*': ['class'],
  },
  allowedClasses: {
    a: ['mention', 'ref-issue', 'commit'],
    span: ['emoji'],
    ul: ['contains-task-list'],
    ol: ['contains-task-list'],
    li: ['task-list-item'],
    input: ['task-list-item-checkbox'],
    code: [/^language-[\w+#.-]+$/],
    '*': [],
  },
  allowedStyles: {
    th: { 'text-align': [/^(left|right|center)$/] },
    td: { 'text-align': [/^(left|right|center)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An input is only ever a task list's checkbox, and never one a reader can tick.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/** Safe HTML of `html`, its relative links and images resolved against `bases` (left as they are without). */
export function sanitizeHtml(html: string, bases: LinkBases | null): string {
  if (!bases) return sanitize(html, { ...BASE, transformTags: { input: forceDisabled } });
  return sanitize(html, {
    ...BASE,
    transformTags: {
      input: forceDisabled,
      a: (tagName, attribs) => ({ tagName, attribs: resolved(attribs, 'href', bases.link, bases.linkRoot) }),
      img: (tagName, attribs) => ({ tagName, attribs: resolved(attribs, 'src', bases.media, bases.mediaRoot) }),
    },
  });
}

const forceDisabled: sanitize.Transformer = (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } });

/** A URL with a scheme (http:, mailto:, javascript:, …), one from the host's root (//) or a fragment (#). */
const NOT_RELATIVE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

function resolved(attribs: sanitize.Attributes, name: string, base: string, root: string | undefined): sanitize.Attributes {
  const value = attribs[name];
  if (!value) return attribs;
  const url = resolveUrl(value, base, root);
  if (url === null) return withoutAttribute(attribs, name);
  return url === value ? attribs : { ...attribs, [name]: url };
}

/**
 * A link or image URL resolved against `base` (`root` for one from /): as it is when it is not relative, null
 * when it resolves to something other than http(s).
 */
export function resolveUrl(value: string, base: string, root: string | undefined): string | null {
  const trimmed = value.trim();
  if (!trimmed || NOT_RELATIVE.test(trimmed)) return value;
  try {
    const url = trimmed.startsWith('/') ? new URL(trimmed.replace(/^\/+/, ''), root ?? base) : new URL(trimmed, base);
    // The URL parser drops tabs and newlines: "java\tscript:" resolves to a javascript: URL, never kept.
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function withoutAttribute(attribs: sanitize.Attributes, name: string): sanitize.Attributes {
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}
