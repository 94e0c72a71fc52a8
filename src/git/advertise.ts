import { ObjectMemo } from './memo.ts';
import { PacketReader } from './pkt-line.ts';
import { peeledOid, readRefSnapshot } from './ref-store.ts';

/**
 * Ref advertisements answered from the repository's files (ref-store.ts) instead of by a git process:
 * receive-pack's (the first request of every push) and protocol v2's ls-refs (the second of every fetch and
 * clone). Each answers null whenever git must be asked: the caller then runs git as before.
 */

export const pktLine = (text: string) => `${(Buffer.byteLength(text) + 4).toString(16).padStart(4, '0')}${text}`;
const FLUSH = '0000';

/**
 * receive-pack's capabilities, as git printed them for a repository whose configuration was in a given
 * state (the caller's key: the identity of the configuration files). They depend on git's version and the
 * configuration only, never on the refs; a nonce (push certificates) is never kept.
 */
const receivePackCapabilities = new ObjectMemo<string>(1_000);

/** Notes the capabilities in git's own receive-pack advertisement (its first packet), for the next one. */
export function noteReceivePackAdvertisement(key: string, output: Buffer) {
  new PacketReader((packet) => {
    if (typeof packet === 'string') return true;
    const line = packet.toString('utf8');
    const nul = line.indexOf('\0');
    const capabilities = nul < 0 ? '' : line.slice(nul + 1).replace(/\n$/, '');
    if (capabilities && !/(^| )push-cert=/.test(capabilities)) receivePackCapabilities.set(key, capabilities);
    return true;
  }).feed(output);
}

/**
 * `git receive-pack --advertise-refs --stateless-rpc` (without the service line): every ref with its object
 * id, the capabilities after the first (or after `capabilities^{}` when there is no ref), a flush.
 */
export async function receivePackAdvertisement(gitDir: string, homeDir: string, key: string): Promise<Buffer | null> {
  const capabilities = receivePackCapabilities.get(key);
  if (!capabilities) return null;
  const snapshot = await readRefSnapshot(gitDir, homeDir);
  if (!snapshot) return null;
  const lines = snapshot.refs.map((ref) => `${ref.oid} ${ref.name}`);
  if (!lines.length) lines.push(`${'0'.repeat(snapshot.objectFormat === 'sha256' ? 64 : 40)} capabilities^{}`);
  lines[0] += `\0${capabilities}`;
  return Buffer.from(lines.map((line) => pktLine(`${line}\n`)).join('') + FLUSH);
}

/** Refs peeled through the batch reader at most, for one ls-refs answer. */
const MAX_PEELED = 500;

/** git treats this many ref prefixes or more specially (ls-refs.c): such requests are left to git. */
const TOO_MANY_PREFIXES = 65;

interface LsRefsRequest {
  objectFormat: string;
  peel: boolean;
  symrefs: boolean;
  unborn: boolean;
  prefixes: string[];
}

/**
 * A protocol v2 request body that is an ls-refs command of the form git clients send (`command=ls-refs`,
 * the agent and object-format capabilities, then the arguments git knows), or null for anything else.
 */
export function parseLsRefs(body: Buffer): LsRefsRequest | null {
  // Lines (less one newline at their end, as git reads them), or null for a flush and undefined for a
  // delimiter; the body must be whole packets, the last one a flush.
  const packets: (string | null | undefined)[] = [];
  let bytes = 0;
  let wellFormed = true;
  new PacketReader((packet) => {
    if (packet === 'end') return (wellFormed = false);
    if (packet === 'flush' || packet === 'delim') {
      bytes += 4;
      packets.push(packet === 'flush' ? null : undefined);
      return;
    }
    bytes += 4 + packet.length;
    packets.push(packet.subarray(0, packet.at(-1) === 0x0a ? -1 : undefined).toString('utf8'));
  }).feed(body);
  if (!wellFormed || bytes !== body.length || packets[0] !== 'command=ls-refs' || packets.at(-1) !== null) return null;
  if (packets.slice(0, -1).includes(null)) return null;
  const request: LsRefsRequest = { objectFormat: 'sha1', peel: false, symrefs: false, unborn: false, prefixes: [] };
  const delimiter = packets.indexOf(undefined);
  const capabilities = packets.slice(1, delimiter < 0 ? -1 : delimiter) as string[];
  const args = (delimiter < 0 ? [] : packets.slice(delimiter + 1, -1)) as (string | undefined)[];
  for (const capability of capabilities) {
    if (capability.startsWith('agent=')) continue;
    const format = /^object-format=(sha1|sha256)$/.exec(capability);
    if (!format) return null;
    request.objectFormat = format[1];
  }
  for (const argument of args) {
    if (argument === 'peel') request.peel = true;
    else if (argument === 'symrefs') request.symrefs = true;
    else if (argument === 'unborn') request.unborn = true;
    else if (argument?.startsWith('ref-prefix ')) request.prefixes.push(argument.slice('ref-prefix '.length));
    else return null;
  }
  return request.prefixes.length < TOO_MANY_PREFIXES ? request : null;
}

/**
 * What `git upload-pack --stateless-rpc` answers to an ls-refs request (see parseLsRefs) in protocol v2:
 * HEAD first (or, asked for, the branch it names while unborn), then the refs under the requested prefixes,
 * with symbolic targets and peeled tags when asked, then a flush. Requests git would refuse (another
 * object format) are left to git.
 */
export async function answerLsRefs(gitDir: string, homeDir: string, request: LsRefsRequest): Promise<Buffer | null> {
  const snapshot = await readRefSnapshot(gitDir, homeDir);
  if (!snapshot || snapshot.objectFormat !== request.objectFormat) return null;
  const wanted = (name: string) => !request.prefixes.length || request.prefixes.some((prefix) => name.startsWith(prefix));
  const lines: Promise<string>[] = [];
  const describe = async (name: string, oid: string, peeled: Promise<string | null>, target?: string | null) => {
    let line = `${oid} ${name}`;
    if (request.symrefs && target) line += ` symref-target:${target}`;
    const peel = request.peel ? await peeled : null;
    return peel ? `${line} peeled:${peel}` : line;
  };
  const refs = snapshot.refs.filter((ref) => wanted(ref.name));
  // Peeling reads each object once: many refs are better listed by git itself.
  if (request.peel && refs.length > MAX_PEELED) return null;
  const peeled = (oid: string) => (request.peel ? peeledOid(gitDir, oid) : Promise.resolve(null));
  const { head } = snapshot;
  if (wanted('HEAD')) {
    if (head.oid) lines.push(describe('HEAD', head.oid, peeled(head.oid), head.target));
    else if (request.unborn && request.symrefs && head.target) lines.push(Promise.resolve(`unborn HEAD symref-target:${head.target}`));
  }
  for (const ref of refs) lines.push(describe(ref.name, ref.oid, peeled(ref.oid)));
  return Buffer.from((await Promise.all(lines)).map((line) => pktLine(`${line}\n`)).join('') + FLUSH);
}
