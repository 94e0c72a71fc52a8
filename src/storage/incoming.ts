import { Readable } from 'node:stream';

/**
 * A file on its way in, as a request delivers it: read once, as it arrives, never held whole in memory by the
 * one who receives it. The HTTP layer makes one from a multipart part (src/http/multipart.ts); the GraphQL
 * `Upload` scalar takes it, or a file of a GraphQL multipart request.
 */
export class IncomingFile {
  constructor(
    /** The file name the client sent (may be empty). */
    readonly filename: string,
    /** The media type the client declared (not trusted: the content is what counts). */
    readonly mimeType: string,
    /** The bytes, to be read once. */
    readonly stream: Readable,
    /**
     * Settles once the whole request that carries the file has been read: rejects when the request broke one of
     * its limits after the file (too many files) or was cut off. A file is complete only once this resolves.
     */
    readonly finished: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /** Lets the rest of the file flow past unread, so that the request carrying it can end. */
  discard(): void {
    if (!this.stream.readableEnded && !this.stream.destroyed) {
      this.stream.unpipe();
      this.stream.resume();
    }
  }

  /** A file already held in memory (a GraphQL multipart request's, which its parser keeps whole). */
  static fromBlob(blob: { name?: string; type?: string; arrayBuffer(): Promise<ArrayBuffer> }): IncomingFile {
    const bytes = async function* () {
      yield Buffer.from(await blob.arrayBuffer());
    };
    return new IncomingFile(blob.name ?? '', blob.type ?? '', Readable.from(bytes()));
  }
}

/** Whether a value is a file a client sent, in either of the forms above. */
export function isBlobLike(value: unknown): value is { name?: string; type?: string; arrayBuffer(): Promise<ArrayBuffer> } {
  return typeof value === 'object' && value !== null && typeof (value as { arrayBuffer?: unknown }).arrayBuffer === 'function';
}
