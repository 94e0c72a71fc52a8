import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Auth } from './client.ts';

/** One file of a multipart upload: its part name (default `attachment`), file name, bytes and declared type. */
export interface UploadPart {
  part?: string;
  filename: string;
  content: string | Uint8Array<ArrayBuffer>;
  type?: string;
}

function authHeaders(auth: Auth): Record<string, string> {
  if (!auth) return {};
  if ('basic' in auth) return { authorization: `Basic ${Buffer.from(auth.basic.join(':')).toString('base64')}` };
  if ('token' in auth) return { authorization: `${auth.scheme ?? 'token'} ${auth.token}` };
  throw new Error('uploads authenticate with a header');
}

export interface UploadResponse {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * POSTs files as multipart/form-data (what Gitea clients send to the assets operations) to an API path of the
 * server, e.g. `/repos/o/r/issues/1/assets?name=x.txt`; `fields` are text parts sent before the files.
 */
export async function upload(baseUrl: string, path: string, files: UploadPart[], auth?: Auth, fields: Record<string, string> = {}): Promise<UploadResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.part ?? 'attachment', new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.filename);
  }
  const res = await fetch(new URL(`api/v1${path}`, baseUrl), { method: 'POST', body: form, headers: authHeaders(auth) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

/**
 * A multipart body whose one file part (its part headers in `head`) takes its bytes from `chunks` as the
 * request is sent, one chunk per read: a test sees how much of an upload the server pulled before it answered.
 */
export function multipartStream(boundary: string, head: string, chunks: AsyncIterator<Uint8Array>) {
  const encoder = new TextEncoder();
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`--${boundary}\r\n${head}\r\n\r\n`));
      },
      async pull(controller) {
        const next = await chunks.next();
        if (!next.done) return controller.enqueue(next.value);
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    }),
  };
}

/** The request headers of an authenticated streamed upload. */
export const uploadHeaders = (auth: Auth, contentType: string) => ({ ...authHeaders(auth), 'content-type': contentType });

/** The files the attachment store of a server holds, as paths under its folder (temporary ones included). */
export function storedFiles(kit: { app: { config: { server: { DATA_DIR: string } } } }): string[] {
  const root = path.join(kit.app.config.server.DATA_DIR, 'attachments');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
