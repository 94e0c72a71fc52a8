/** Parsers for git's object formats (commit, tag, tree), for SHA-1 and SHA-256 repositories alike. */

export interface Signature {
  name: string;
  email: string;
  /** ISO 8601 with the original offset. */
  date: string;
}

export interface Commit {
  oid: string;
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  message: string;
  /** The signature block (gpgsig), if any. */
  signature?: string;
}

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  oid: string;
  name: string;
}

export interface AnnotatedTag {
  oid: string;
  object: string;
  type: string;
  tag: string;
  tagger?: Signature;
  message: string;
}

function parseSignature(text: string): Signature {
  const match = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(text);
  if (!match) return { name: text, email: '', date: new Date(0).toISOString() };
  const [, name, email, seconds, offset] = match;
  return { name, email, date: formatDate(Number(seconds), offset) };
}

/** Unix seconds and a ±hhmm offset → RFC 3339 in that offset, as Gitea shows commit dates. */
export function formatDate(seconds: number, offset: string): string {
  const sign = offset[0] === '-' ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
  const local = new Date((seconds + minutes * 60) * 1000).toISOString().replace(/\.\d{3}Z$/, '');
  return minutes === 0 ? `${local}Z` : `${local}${offset.slice(0, 3)}:${offset.slice(3)}`;
}

function splitHeaders(data: Buffer): { headers: [string, string][]; message: string } {
  const text = data.toString('utf8');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const message = end < 0 ? '' : text.slice(end + 2);
  const headers: [string, string][] = [];
  for (const line of head.split('\n')) {
    if (line.startsWith(' ') && headers.length) headers[headers.length - 1][1] += `\n${line.slice(1)}`;
    else {
      const space = line.indexOf(' ');
      headers.push([line.slice(0, space), line.slice(space + 1)]);
    }
  }
  return { headers, message };
}

export function parseCommit(oid: string, data: Buffer): Commit {
  const { headers, message } = splitHeaders(data);
  const get = (k: string) => headers.find(([key]) => key === k)?.[1] ?? '';
  return {
    oid,
    tree: get('tree'),
    parents: headers.filter(([k]) => k === 'parent').map(([, value]) => value),
    author: parseSignature(get('author')),
    committer: parseSignature(get('committer')),
    message,
    signature: headers.find(([k]) => k === 'gpgsig' || k === 'gpgsig-sha256')?.[1],
  };
}

export function parseTag(oid: string, data: Buffer): AnnotatedTag {
  const { headers, message } = splitHeaders(data);
  const get = (k: string) => headers.find(([key]) => key === k)?.[1];
  const tagger = get('tagger');
  return { oid, object: get('object') ?? '', type: get('type') ?? '', tag: get('tag') ?? '', tagger: tagger ? parseSignature(tagger) : undefined, message };
}

/** Tree entries: `<mode> <name>\0<raw oid>`; the raw oid is 20 bytes (SHA-1) or 32 (SHA-256). */
export function parseTree(data: Buffer, oidHexLength: number): TreeEntry[] {
  const rawLength = oidHexLength / 2;
  const entries: TreeEntry[] = [];
  let i = 0;
  while (i < data.length) {
    const space = data.indexOf(0x20, i);
    const nul = data.indexOf(0x00, space);
    const mode = data.subarray(i, space).toString('ascii');
    const name = data.subarray(space + 1, nul).toString('utf8');
    const oid = data.subarray(nul + 1, nul + 1 + rawLength).toString('hex');
    const type = mode === '40000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
    entries.push({ mode: mode.padStart(6, '0'), type, oid, name });
    i = nul + 1 + rawLength;
  }
  return entries;
}
