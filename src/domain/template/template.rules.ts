/**
 * Which SPDX licenses a text is. Each text is reduced to the set of its word pairs (lower case, letters and digits
 * only, each pair hashed to 32 bits), so filled placeholders, line breaks and punctuation barely move it; a file
 * is the licenses whose sets are closest to its own (Dice coefficient), when close enough.
 */

/** How close a file must be to a license text to be that license: filled-in names and years stay well above. */
export const MIN_SIMILARITY = 0.9;
/** Licenses this close to the best are reported beside it: SPDX gives some licenses one text under two ids. */
const TIE = 0.002;

function fnv(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The text's distinct word pairs, hashed and sorted. */
export function fingerprint(text: string): Uint32Array {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const pairs = new Set<number>();
  for (let i = 0; i + 1 < words.length; i++) pairs.add(fnv(words[i + 1], fnv(words[i], 0x811c9dc5) ^ 0x20));
  if (words.length === 1) pairs.add(fnv(words[0], 0x811c9dc5));
  return Uint32Array.from(pairs).sort();
}

function common(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return n;
}

export interface LicensePrint {
  key: string;
  print: Uint32Array;
}

/**
 * The keys of the licenses the text is, best first; empty when none is close enough. Of ids SPDX keeps for one
 * text (a deprecated "GPL-3.0" and "GPL-3.0+" beside "GPL-3.0-only"), the deprecated ones are left out.
 */
export function matchLicense(prints: readonly LicensePrint[], text: string): string[] {
  const file = fingerprint(text);
  if (file.length === 0) return [];
  const scored: { key: string; score: number }[] = [];
  for (const { key, print } of prints) {
    // Dice can reach MIN_SIMILARITY only when the sizes are close: skip the merge otherwise.
    const small = Math.min(print.length, file.length);
    const large = Math.max(print.length, file.length);
    if ((2 * small) / (small + large) < MIN_SIMILARITY) continue;
    const score = (2 * common(print, file)) / (print.length + file.length);
    if (score >= MIN_SIMILARITY) scored.push({ key, score });
  }
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((s) => s.score));
  const keys = new Set(scored.filter((s) => s.score >= best - TIE).map((s) => s.key));
  return [...keys]
    .filter((k) => !(k.endsWith('+') && keys.has(`${k.slice(0, -1)}-or-later`)) && !keys.has(`${k}-only`))
    .sort();
}

/** Where a name ranks as a repository's license file (LICENSE before COPYING, bare before .md/.txt); -1: it is not one. */
export function licenseFileRank(name: string): number {
  const lower = name.toLowerCase();
  const match = /^(licen[cs]e|copying|unlicense)(?:\.(md|markdown|txt|rst))?$/.exec(lower);
  if (!match) return -1;
  return (match[1].startsWith('licen') ? 0 : match[1] === 'copying' ? 2 : 4) + (match[2] ? 1 : 0);
}
