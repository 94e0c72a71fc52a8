import { describe, plain } from './messages.ts';
import type { HookService } from './service.ts';

/** Feishu's (Lark's) custom bots (Gitea's feishu.go): a plain text message. */
export const feishu: HookService = {
  settings: [],
  request({ url, method, event, eventType, payload }) {
    const m = describe(eventType, event, payload, plain);
    if (!m) return null;
    const text = [m.text, m.url, m.details].filter(Boolean).join('\n\n');
    return { method, url, body: { msg_type: 'text', content: { text } } };
  },
};
