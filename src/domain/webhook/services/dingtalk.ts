import { describeWithTitle, markdown } from './messages.ts';
import type { HookService } from './service.ts';

/** DingTalk's robots (Gitea's dingtalk.go): an actionCard with a Markdown text and one button to the page. */
export const dingtalk: HookService = {
  settings: [],
  request({ url, method, event, eventType, payload }) {
    const m = describeWithTitle(eventType, event, payload, markdown);
    if (!m) return null;
    const text = m.details ? `${m.text}\n\n${m.details.split('\n').join('\n\n')}` : m.text;
    return {
      method,
      url,
      body: { msgtype: 'actionCard', actionCard: { title: m.plainText, text, hideAvatar: '0', singleTitle: 'Open', singleURL: m.url } },
    };
  },
};
