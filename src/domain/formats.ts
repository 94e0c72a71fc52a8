/**
 * The shapes of input values as Gitea accepts them (URLs, e-mail addresses, lengths), so that a value a
 * Gitea client sends is judged here as Gitea judges it. Each is written from the behaviour of Gitea and of
 * the Go standard library it relies on; docs/rest-validation.md lists where each one is applied.
 */
import { isIPv6 } from 'node:net';
import { invalid } from '../errors.ts';

/** Length in characters (code points), as Gitea's MaxSize counts them. */
export const runeLength = (value: string): number => [...value].length;

/** 422 when `value` is longer than `max` characters. */
export function checkMaxLength(value: string | null | undefined, max: number, field: string): void {
  if (value != null && runeLength(value) > max) throw invalid(`${field} is longer than ${max} characters`, { field });
}

const HEX = /^[0-9A-Fa-f]$/;
const ALNUM = /^[A-Za-z0-9]$/;
/** Characters a URL's host may hold unescaped (besides letters and digits). */
const HOST_CHARS = new Set([...`!$&'()*+,;=:[]<>"-_.~`]);

type EscapeMode = 'path' | 'userinfo' | 'host' | 'zone';

/** Whether %-escapes are well formed and, in a host, only characters a host may hold appear. */
function validEscapes(value: string, mode: EscapeMode): boolean {
  for (let i = 0; i < value.length; ) {
    const c = value[i];
    if (c === '%') {
      if (i + 2 >= value.length || !HEX.test(value[i + 1]) || !HEX.test(value[i + 2])) return false;
      const escape = value.slice(i, i + 3);
      // In a host, %-escapes stand only for bytes beyond ASCII (and %25 for the zone separator).
      if (mode === 'host' && parseInt(value[i + 1], 16) < 8 && escape !== '%25') return false;
      if (mode === 'zone') {
        const byte = String.fromCharCode(parseInt(value.slice(i + 1, i + 3), 16));
        if (escape !== '%25' && byte !== ' ' && !hostChar(byte)) return false;
      }
      i += 3;
      continue;
    }
    if ((mode === 'host' || mode === 'zone') && c.charCodeAt(0) < 0x80 && !hostChar(c)) return false;
    i += 1;
  }
  return true;
}

const hostChar = (c: string) => ALNUM.test(c) || HOST_CHARS.has(c);

function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port);
}

function validHost(host: string): boolean {
  if (host.startsWith('[')) {
    const end = host.lastIndexOf(']');
    if (end < 0 || !validOptionalPort(host.slice(end + 1))) return false;
    const zone = host.slice(0, end).indexOf('%25');
    if (zone >= 0) {
      return validEscapes(host.slice(0, zone), 'host') && validEscapes(host.slice(zone, end), 'zone') && validEscapes(host.slice(end), 'host');
    }
    // Only an IPv6 address may stand in brackets.
    if (!isIPv6(host.slice(1, end))) return false;
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0 && !validOptionalPort(host.slice(colon))) return false;
  }
  return validEscapes(host, 'host');
}

function validAuthority(authority: string): boolean {
  const at = authority.lastIndexOf('@');
  if (!validHost(at < 0 ? authority : authority.slice(at + 1))) return false;
  if (at < 0) return true;
  const userinfo = authority.slice(0, at);
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo) && userinfo.split(':').every((part) => validEscapes(part, 'userinfo'));
}

/**
 * The scheme of `raw` (lower case) when Go's url.ParseRequestURI accepts it, else null. It accepts more
 * than a browser would: `http:\\example.com` is an opaque http URL, `http://` has an empty host.
 */
export function requestUriScheme(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (raw === '' || /[\x00-\x1f\x7f]/.test(raw)) return null;
  let scheme = '';
  let rest = raw;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c) && i > 0) continue;
    if (c === ':') {
      if (i === 0) return null;
      scheme = raw.slice(0, i).toLowerCase();
      rest = raw.slice(i + 1);
    }
    break;
  }
  const question = rest.indexOf('?');
  if (question >= 0) rest = rest.slice(0, question);
  if (!rest.startsWith('/')) return scheme || null;
  if (scheme && rest.startsWith('//')) {
    const authority = rest.slice(2);
    const slash = authority.indexOf('/');
    if (!validAuthority(slash < 0 ? authority : authority.slice(0, slash))) return null;
    rest = slash < 0 ? '' : authority.slice(slash);
  }
  return validEscapes(rest, 'path') ? scheme : null;
}

/** Gitea's ValidUrl: a URL Go's ParseRequestURI accepts, with an http or https scheme. */
export function isHttpUrl(value: string): boolean {
  const scheme = requestUriScheme(value);
  return scheme === 'http' || scheme === 'https';
}

/** An external tracker's issue URL format: a valid http(s) URL whose {user}, {repo} and {index} are all closed. */
export function isExternalTrackerFormat(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  for (const match of value.matchAll(/(\{?)(?:user|repo|index)+?(\}?)/g)) {
    if ((match[1] === '{' || match[2] === '}') && (match[1] !== '{' || match[2] !== '}')) return false;
  }
  return true;
}

const ATOM = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const ACCOUNT_EMAIL = new RegExp(`^(?!-)${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})*$`);

/**
 * An e-mail address Gitea stores on an account: a plain address (no display name, no quoting), a local
 * part of dot-separated atoms not starting with '-', a domain of letters, digits and inner hyphens.
 */
export function isAccountEmail(value: string): boolean {
  return ACCOUNT_EMAIL.test(value);
}

/** Gitea's Email binding on top of that: the domain has at least one dot (`root@localhost` is refused). */
export function hasDottedDomain(value: string): boolean {
  return value.slice(value.lastIndexOf('@') + 1).includes('.');
}
