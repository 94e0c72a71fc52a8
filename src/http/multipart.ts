import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import type { IncomingMessage } from 'node:http';
import { badRequest, invalid, unsupported } from '../errors.ts';
import { IncomingFile } from '../storage/incoming.ts';

export interface MultipartLimits {
  /** The most file parts one request may carry (attachment.MAX_FILES); more fail the request. */
  files: number;
}

/** What a multipart request held up to the file it was read for. */
export interface MultipartStart {
  /** The text parts before the file, by name. */
  fields: Record<string, string>;
  /** The file, still streaming; null when the request ended without one that was wanted. */
  file: IncomingFile | null;
  /** The name of the file's part. */
  part: string | null;
}

export const isMultipart = (req: IncomingMessage) => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

/** Text parts may be JSON documents (a GraphQL request's operations), never files. */
const FIELD_LIMITS = { fields: 100, fieldSize: 1024 * 1024 };

/**
 * Reads a multipart/form-data request as it arrives and answers when the first file part that `wanted` accepts
 * begins, with the text parts before it and the file as an IncomingFile whose stream delivers its bytes with
 * backpressure: nothing is buffered whole. Other file parts flow past unread. What goes wrong after the file
 * began reaches its reader: a request cut off fails the file's stream, and a request with more file parts than
 * `limits.files` fails the file's `finished()`.
 */
export function receiveMultipart(req: IncomingMessage, wanted: (part: string) => boolean, limits: MultipartLimits): Promise<MultipartStart> {
  if (!isMultipart(req)) return Promise.reject(unsupported('the request must be multipart/form-data'));
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({ headers: req.headers as BusboyHeaders, limits: { files: limits.files, ...FIELD_LIMITS } });
    } catch (err) {
      return reject(badRequest(`the multipart request cannot be read: ${(err as Error).message}`));
    }
    const fields: Record<string, string> = {};
    let file: IncomingFile | null = null;
    let failure: Error | null = null;
    let done = false;
    const waiters: { resolve: () => void; reject: (err: Error) => void }[] = [];
    /** Ends the reading; `cutOff`: the file's bytes will not all come, so its stream fails too. */
    const settle = (err: Error | null, cutOff = false) => {
      if (done) return;
      done = true;
      failure = err;
      for (const w of waiters.splice(0)) (err ? w.reject(err) : w.resolve());
      if (!file) return err ? reject(err) : resolve({ fields, file: null, part: null });
      if (err && cutOff && !file.stream.readableEnded) file.stream.destroy(err);
    };
    const finished = () =>
      done ? (failure ? Promise.reject(failure) : Promise.resolve()) : new Promise<void>((ok, fail) => waiters.push({ resolve: ok, reject: fail }));

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return settle(invalid(`the part "${name}" is longer than ${FIELD_LIMITS.fieldSize} bytes`));
      if (!file) fields[name] = value;
    });
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      // Failures reach the file's reader through its own listeners; none may go unheard and end the process.
      stream.on('error', () => {});
      if (file || !wanted(name)) return void stream.resume();
      file = new IncomingFile(filename ?? '', mimeType ?? '', stream, finished);
      resolve({ fields, file, part: name });
    });
    parser.on('filesLimit', () => settle(invalid(`at most ${limits.files} files may be uploaded at once`)));
    parser.on('fieldsLimit', () => settle(invalid(`at most ${FIELD_LIMITS.fields} parts may be sent at once`)));
    parser.on('error', (err) => settle(badRequest(`the multipart request cannot be read: ${(err as Error).message}`), true));
    parser.on('finish', () => settle(null));
    req.on('close', () => {
      if (!req.complete) settle(badRequest('the request was cut off before its end'), true);
    });
    req.pipe(parser);
  });
}

/** The file of the part named `part` of a multipart request, as it begins (see receiveMultipart); null when there is none. */
export async function receiveFile(req: IncomingMessage, part: string, limits: MultipartLimits): Promise<IncomingFile | null> {
  return (await receiveMultipart(req, (name) => name === part, limits)).file;
}
