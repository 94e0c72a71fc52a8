/**
 * git's pkt-line framing (four hex digits of length, then the payload; 0000 flush, 0001 delim, 0002
 * response-end), read incrementally from a stream's chunks. Only what the smart HTTP server needs to
 * watch a push go by: the ref update commands a client sends, and the report-status git answers.
 */

/** A payload, or a special packet. */
export type Packet = Buffer | 'flush' | 'delim' | 'end';

/** Splits chunks into packets; keeps at most one unfinished packet (≤ 64 KiB) between chunks. */
export class PacketReader {
  private pending = Buffer.alloc(0);
  private broken = false;

  constructor(private readonly onPacket: (packet: Packet) => boolean | void) {}

  /** Feeds bytes; once the callback answers true (seen enough) or the framing breaks, further bytes are ignored. */
  feed(chunk: Buffer) {
    if (this.broken) return;
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (data.length >= 4) {
      const length = Number.parseInt(data.toString('latin1', 0, 4), 16);
      if (!/^[0-9a-f]{4}$/i.test(data.toString('latin1', 0, 4)) || length === 3) return this.stop();
      const packet: Packet | undefined = length === 0 ? 'flush' : length === 1 ? 'delim' : length === 2 ? 'end' : undefined;
      if (packet) {
        data = data.subarray(4);
        if (this.onPacket(packet) === true) return this.stop();
        continue;
      }
      if (data.length < length) break;
      const payload = data.subarray(4, length);
      data = data.subarray(length);
      if (this.onPacket(payload) === true) return this.stop();
    }
    this.pending = Buffer.from(data);
  }

  private stop() {
    this.broken = true;
    this.pending = Buffer.alloc(0);
  }
}

export interface RefCommand {
  ref: string;
  before: string;
  after: string;
}

const COMMAND = /^([0-9a-f]{40}|[0-9a-f]{64}) ([0-9a-f]{40}|[0-9a-f]{64}) (\S+)$/;

/**
 * The commands at the head of a receive-pack request (`<old> <new> <ref>`, the first carrying the
 * capabilities after a NUL), up to the flush that ends them; shallow lines and a push certificate's
 * other lines are skipped. The pack that follows is never looked at.
 */
export class PushCommandReader {
  readonly commands: RefCommand[] = [];
  capabilities = new Set<string>();
  done = false;
  private readonly reader = new PacketReader((packet) => {
    if (packet === 'flush') return (this.done = true);
    if (typeof packet === 'string') return;
    let line = packet.toString('utf8');
    const nul = line.indexOf('\0');
    if (nul >= 0) {
      if (this.capabilities.size === 0) this.capabilities = new Set(line.slice(nul + 1).trim().split(/\s+/));
      line = line.slice(0, nul);
    }
    const match = COMMAND.exec(line.replace(/\n$/, ''));
    if (match) this.commands.push({ before: match[1], after: match[2], ref: match[3] });
  });

  feed = (chunk: Buffer) => this.reader.feed(chunk);
}

/**
 * git's report-status on a push (`unpack ok`, then `ok <ref>` or `ng <ref> <reason>` per command),
 * out of the response, inside side-band channel 1 when the client asked for side-band.
 */
export class PushReportReader {
  readonly accepted = new Set<string>();
  unpackOk = false;
  /** The report has been read to its end. */
  complete = false;
  private readonly report = new PacketReader((packet) => {
    if (packet === 'flush') return (this.complete = true);
    if (typeof packet === 'string') return;
    const line = packet.toString('utf8').replace(/\n$/, '');
    if (line === 'unpack ok') this.unpackOk = true;
    else if (line.startsWith('ok ')) this.accepted.add(line.slice(3));
  });
  private readonly outer: PacketReader | null;

  constructor(sideBand: boolean) {
    this.outer = sideBand
      ? new PacketReader((packet) => {
          if (packet === 'flush') return true;
          if (typeof packet !== 'string' && packet[0] === 1) this.report.feed(packet.subarray(1));
        })
      : null;
  }

  feed = (chunk: Buffer) => (this.outer ?? this.report).feed(chunk);
}
