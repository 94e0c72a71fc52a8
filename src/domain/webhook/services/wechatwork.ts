import { describe, markdown } from './messages.ts';
import type { HookService } from './service.ts';

/** WeChat Work's group robots (Gitea's wechatwork.go): a Markdown message. */
export const wechatwork: HookService = {
  settings: [],
  request({ url, method, event, eventType, payload }) {
    const m = describe(eventType, event, payload, markdown);
    if (!m) return null;
    const content = m.details ? `${m.text}\n>${m.details.split('\n').join('\n>')}` : m.text;
    return { method, url, body: { msgtype: 'markdown', markdown: { content } } };
  },
};
