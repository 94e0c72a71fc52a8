/** A cookie the page may read (the CSRF token; the session's own cookie is HttpOnly and out of reach). */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The session's CSRF token: every write and the live connection echo it (src/http/web-session.ts). */
export const csrfToken = () => readCookie('graft_csrf') ?? '';
