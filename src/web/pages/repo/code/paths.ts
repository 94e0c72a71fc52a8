/** URLs of the code pages, as Gitea spells them. Each path segment is encoded; slashes between them stay. */

export type RefType = 'branch' | 'tag' | 'commit';

export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The page of a tree or file: /{repo}/src/{branch|tag|commit}/{ref}/{path}. */
export function srcUrl(repo: string, refType: RefType, ref: string, path = ''): string {
  return `/${repo}/src/${refType}/${encodePath(ref)}${path ? `/${encodePath(path)}` : ''}`;
}

/** The file's bytes (served by the server: src/http/code-downloads.ts). */
export function rawUrl(repo: string, refType: RefType, ref: string, path: string): string {
  return `/${repo}/raw/${refType}/${encodePath(ref)}/${encodePath(path)}`;
}

export const commitUrl = (repo: string, oid: string) => `/${repo}/commit/${oid}`;

/** Whether a file name is a README the repository home shows. */
export const README_NAMES = ['README.md', 'readme.md', 'Readme.md', 'README.markdown', 'README', 'README.txt'];

export const isMarkdown = (path: string) => /\.(md|markdown|mdown|mkd)$/i.test(path);
export const isImage = (path: string) => /\.(png|jpe?g|gif|webp|svg|bmp|ico|avif)$/i.test(path);

/** Base64 bytes as UTF-8 text, or null when they are binary (a NUL byte or invalid UTF-8 near the start). */
export function decodeText(base64: string): string | null {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (bytes.subarray(0, 8000).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
