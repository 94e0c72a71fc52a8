import { describeWithTitle, markdown } from './messages.ts';
import type { HookService } from './service.ts';

/** Discord's webhooks (Gitea's discord.go): one embed whose title says what happened and whose description holds the details. */

/** Discord refuses an embed title longer than 256 characters and a description longer than 4096. */
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export const discord: HookService = {
  settings: [{ name: 'username' }, { name: 'icon_url' }],
  request({ url, method, settings, event, eventType, payload }) {
    const m = describeWithTitle(eventType, event, payload, markdown);
    if (!m) return null;
    const embed = {
      title: cut(m.plainText, 256),
      description: cut(m.details, 4096),
      url: m.url,
      color: m.color,
      author: { name: m.sender.login ?? m.sender.username ?? '', url: m.sender.html_url ?? '', icon_url: m.sender.avatar_url ?? '' },
    };
    return { method, url, body: { username: settings.username ?? '', avatar_url: settings.icon_url ?? '', embeds: [embed] } };
  },
};
