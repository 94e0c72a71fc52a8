/**
 * Pure rules of attachments: which files are allowed (Gitea's upload.Verify), how a file's content type is told
 * from its first bytes (the WHATWG sniffing that Go's http.DetectContentType implements, which Verify relies on),
 * and the limits of the attachment settings. No I/O: the facade may read this module too.
 */
import type { Config } from '../../config/defaults.ts';

/** How many first bytes of a file are read before it is judged (Gitea reads 1,024; sniffing looks at 512). */
export const HEAD_BYTES = 1024;
const SNIFF_BYTES = 512;

/** Gitea's sentence for a file whose name or content the allowed types refuse. */
export const FORBIDDEN_TYPE = 'This file cannot be uploaded or modified due to a forbidden file extension or type.';

/** Gitea's column for an attachment's name holds 255 characters. */
export const MAX_NAME = 255;

/** The largest file attachment.MAX_SIZE (megabytes) allows, in bytes. */
export const maxBytes = (settings: Config['attachment']): number => settings.MAX_SIZE * 1024 * 1024;

/** The extension of a file name as Go's path.Ext gives it: from the last dot of the last segment, dot included. */
export function extensionOf(name: string): string {
  for (let i = name.length - 1; i >= 0 && name[i] !== '/'; i--) if (name[i] === '.') return name.slice(i);
  return '';
}

const WILDCARD = /^[a-z]+\/\*$/;

/**
 * Whether a file may be uploaded (or renamed) under the allowed types of the settings, as Gitea's upload.Verify
 * decides: a list of extensions (`.zip`) and media types (`image/png`, `image/*`, `*` + `/*` for all),
 * separated by commas (or `|`, the old form); an empty list allows everything. The name's extension is checked
 * against the extensions; the content's sniffed type against the media types, unless `head` holds at most one
 * byte (a rename, or an empty file), when only the extension counts.
 */
export function typeAllowed(head: Uint8Array | null, name: string, allowedTypes: string): boolean {
  const allowed = allowedTypes
    .replaceAll('|', ',')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  if (allowed.length === 0) return true;
  const mediaType = detectContentType(head ?? new Uint8Array()).split(';')[0].trim().toLowerCase();
  const extension = extensionOf(name).toLowerCase();
  const contentKnown = head !== null && head.length > 1;
  return allowed.some((entry) => {
    if (entry === '*/*') return true;
    if (entry.startsWith('.')) return entry === extension;
    if (!contentKnown) return false;
    if (entry === mediaType) return true;
    return WILDCARD.test(entry) && mediaType.startsWith(entry.slice(0, -1));
  });
}

// ---------------------------------------------------------------------------------------------
// Content sniffing (https://mimesniff.spec.whatwg.org/, in the order and with the results of Go's net/http)

/** Whitespace the HTML and XML signatures may follow. */
const isWhitespace = (b: number) => b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;

/** Whether `data` holds `signature` (one byte per character) at `from`; a `?` matches any byte (the standard's 0x00 mask). */
function startsWith(data: Uint8Array, signature: string, from = 0): boolean {
  if (data.length - from < signature.length) return false;
  for (let i = 0; i < signature.length; i++) {
    const c = signature.charCodeAt(i);
    if (signature[i] !== '?' && data[from + i] !== c) return false;
  }
  return true;
}

const HTML_TAGS = ['<!DOCTYPE HTML', '<HTML', '<HEAD', '<SCRIPT', '<IFRAME', '<H1', '<DIV', '<FONT', '<TABLE', '<A', '<STYLE', '<TITLE', '<B', '<BODY', '<BR', '<P', '<!--'];

/** An HTML tag, whatever its case, after leading whitespace, ended by a space or `>`. */
function htmlTag(data: Uint8Array, start: number, tag: string): boolean {
  if (data.length - start < tag.length + 1) return false;
  for (let i = 0; i < tag.length; i++) {
    let b = data[start + i];
    if (b >= 0x61 && b <= 0x7a && tag.charCodeAt(i) >= 0x41 && tag.charCodeAt(i) <= 0x5a) b -= 0x20;
    if (b !== tag.charCodeAt(i)) return false;
  }
  const end = data[start + tag.length];
  return end === 0x20 || end === 0x3e;
}

/** Exact signatures, in the order they are tried. */
const SIGNATURES: [string, string][] = [
  ['%PDF-', 'application/pdf'],
  ['%!PS-Adobe-', 'application/postscript'],
  ['\xFE\xFF??', 'text/plain; charset=utf-16be'],
  ['\xFF\xFE??', 'text/plain; charset=utf-16le'],
  ['\xEF\xBB\xBF?', 'text/plain; charset=utf-8'],
  ['\x00\x00\x01\x00', 'image/x-icon'],
  ['\x00\x00\x02\x00', 'image/x-icon'],
  ['BM', 'image/bmp'],
  ['GIF87a', 'image/gif'],
  ['GIF89a', 'image/gif'],
  ['RIFF????WEBPVP', 'image/webp'],
  ['\x89PNG\x0D\x0A\x1A\x0A', 'image/png'],
  ['\xFF\xD8\xFF', 'image/jpeg'],
  ['FORM????AIFF', 'audio/aiff'],
  ['ID3', 'audio/mpeg'],
  ['OggS\x00', 'application/ogg'],
  ['MThd\x00\x00\x00\x06', 'audio/midi'],
  ['RIFF????AVI ', 'video/avi'],
  ['RIFF????WAVE', 'audio/wave'],
];

const FONT_AND_ARCHIVE_SIGNATURES: [string, string][] = [
  ['\x00\x01\x00\x00', 'font/ttf'],
  ['OTTO', 'font/otf'],
  ['ttcf', 'font/collection'],
  ['wOFF', 'font/woff'],
  ['wOF2', 'font/woff2'],
  ['\x1F\x8B\x08', 'application/x-gzip'],
  ['PK\x03\x04', 'application/zip'],
  ['Rar!\x1A\x07\x00', 'application/x-rar-compressed'],
  ['Rar!\x1A\x07\x01\x00', 'application/x-rar-compressed'],
  ['\x00\x61\x73\x6D', 'application/wasm'],
];

/** An MP4 file: an `ftyp` box naming an mp4 brand. */
function isMp4(data: Uint8Array): boolean {
  if (data.length < 12) return false;
  const boxSize = ((data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3]) >>> 0;
  if (data.length < boxSize || boxSize % 4 !== 0 || !startsWith(data, 'ftyp', 4)) return false;
  for (let st = 8; st < boxSize; st += 4) {
    if (st === 12) continue; // the minor version
    if (startsWith(data, 'mp4', st)) return true;
  }
  return false;
}

/** An Embedded OpenType font: `LP` at offset 34 of a header at least 36 bytes long. */
const isEot = (data: Uint8Array) => data.length >= 36 && data[34] === 0x4c && data[35] === 0x50;

/** Bytes that never appear in text (the "binary data bytes" of the standard). */
const isBinaryByte = (b: number) => b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f);

/**
 * The media type of content from its first bytes (at most 512 are looked at), as Go's http.DetectContentType
 * answers it: `text/plain; charset=utf-8` for text (and for nothing at all), `application/octet-stream` for
 * what no rule recognises.
 */
export function detectContentType(head: Uint8Array): string {
  const data = head.subarray(0, SNIFF_BYTES);
  let start = 0;
  while (start < data.length && isWhitespace(data[start])) start++;
  if (HTML_TAGS.some((tag) => htmlTag(data, start, tag))) return 'text/html; charset=utf-8';
  if (startsWith(data, '<?xml', start)) return 'text/xml; charset=utf-8';
  for (const [signature, type] of SIGNATURES) if (startsWith(data, signature)) return type;
  if (isMp4(data)) return 'video/mp4';
  if (startsWith(data, '\x1A\x45\xDF\xA3')) return 'video/webm';
  if (isEot(data)) return 'application/vnd.ms-fontobject';
  for (const [signature, type] of FONT_AND_ARCHIVE_SIGNATURES) if (startsWith(data, signature)) return type;
  return data.some(isBinaryByte) ? 'application/octet-stream' : 'text/plain; charset=utf-8';
}
