import { describe, html } from './messages.ts';
import { withQuery, type HookService } from './service.ts';

/**
 * Telegram's Bot API sendMessage (Gitea's telegram.go): HTML text. The url is the sendMessage URL as Gitea's API
 * takes it; bot_token, chat_id and thread_id, when given, make it as Gitea's form does: the path
 * /bot<token>/sendMessage, and the query's chat_id and message_thread_id.
 */
export const telegram: HookService = {
  settings: [{ name: 'bot_token', secret: true }, { name: 'chat_id' }, { name: 'thread_id' }],
  request({ url, method, settings, event, eventType, payload }) {
    const m = describe(eventType, event, payload, html);
    if (!m) return null;
    const target = new URL(url);
    if (settings.bot_token) target.pathname = `/bot${encodeURIComponent(settings.bot_token)}/sendMessage`;
    const text = m.details ? `${m.text}\n\n${m.details}` : m.text;
    return {
      method,
      url: withQuery(target.toString(), { chat_id: settings.chat_id, message_thread_id: settings.thread_id }),
      body: { text, parse_mode: 'HTML', disable_web_page_preview: true },
    };
  },
};
