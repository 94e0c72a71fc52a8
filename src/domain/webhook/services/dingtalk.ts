import { describe, markdown, plain } from './messages.ts';
import type { HookService } from './service.ts';

/** DingTalk's robots (Gitea's dingtalk.go): an actionCard with a Markdown text and one button to the page. */
export const dingtalk: HookService = {
  settings: [],
  request({ url, method, event, eventType, payload }) {
    const title = describe(eventType, event, payload, plain);
    const m = describe(eventType, event, payload, markdown);
    if (!title || !m) return null;
    const text = m.details ? `${m.text}\n\n${m.details.split('\n').join('\n\n')}` : m.text;
    return {
      method,
      url,
      body: { msgtype: 'actionCard', actionCard: { title: title.text, text, hideAvatar: '0', singleTitle: 'Open', singleURL: m.url } },
    };
  },
};
