/** UTF-8 text as base64, as the graph takes a wiki page's content. */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64 of UTF-8 text, as the graph answers a wiki page's content, back to text. */
export function fromBase64(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

/** The link to a wiki page by its URL name. */
export const wikiPath = (repoFullName: string, subUrl: string) => `/${repoFullName}/wiki/${encodeURIComponent(subUrl).replace(/%2F/g, '/')}`;
