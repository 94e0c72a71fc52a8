import { createHash } from 'node:crypto';
import { invalid } from '../../../errors.ts';
import { describe, html, markdown } from './messages.ts';
import type { HookService } from './service.ts';

/**
 * Matrix rooms (Gitea's matrix.go): an m.room.message event PUT to the client API's send endpoint, the
 * transaction id being the SHA-1 of the body, so that sending one message twice posts it once. The access token
 * is the hook's authorization_header ("Bearer <token>"). The room is room_id on homeserver_url (the url's origin
 * when left out).
 */

/** Gitea stores the message type as 1 (m.notice) or 2 (m.text); both spellings are taken. */
const MESSAGE_TYPES: Record<string, string> = { '1': 'm.notice', '2': 'm.text', 'm.notice': 'm.notice', 'm.text': 'm.text' };

export const matrix: HookService = {
  settings: [
    { name: 'homeserver_url' },
    { name: 'room_id', required: true },
    {
      name: 'message_type',
      normalize: (v) => {
        const type = MESSAGE_TYPES[v.trim()];
        if (!type) throw invalid(`invalid message_type "${v}": m.notice (1) or m.text (2)`);
        return type;
      },
    },
  ],
  request({ url, settings, event, eventType, payload }) {
    const formatted = describe(eventType, event, payload, html);
    const text = describe(eventType, event, payload, markdown);
    if (!formatted || !text) return null;
    const body = {
      body: text.details ? `${text.text}\n${text.details}` : text.text,
      msgtype: settings.message_type || 'm.notice',
      format: 'org.matrix.custom.html',
      formatted_body: formatted.details ? `${formatted.text}<br>${formatted.details.split('\n').join('<br>')}` : formatted.text,
      ...(formatted.kind === 'push' ? { 'io.gitea.commits': payload.commits ?? [] } : {}),
    };
    const txn = createHash('sha1').update(JSON.stringify(body)).digest('hex');
    const homeserver = (settings.homeserver_url || new URL(url).origin).replace(/\/+$/, '');
    return { method: 'PUT', url: `${homeserver}/_matrix/client/v3/rooms/${encodeURIComponent(settings.room_id ?? '')}/send/m.room.message/${txn}`, body };
  },
};
