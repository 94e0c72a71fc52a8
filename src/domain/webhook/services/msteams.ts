import { describeWithTitle, markdown } from './messages.ts';
import { hexColor, type HookService } from './service.ts';

/** Microsoft Teams' connectors (Gitea's msteams.go): a MessageCard with one section and a button to the page. */
export const msteams: HookService = {
  settings: [],
  request({ url, method, event, eventType, payload }) {
    const m = describeWithTitle(eventType, event, payload, markdown);
    if (!m) return null;
    const facts = [{ name: 'Repository:', value: m.repository.full_name ?? '' }];
    if (m.kind === 'push' && payload.commits) facts.push({ name: 'Commit count:', value: String(payload.total_commits ?? payload.commits.length) });
    return {
      method,
      url,
      body: {
        '@type': 'MessageCard',
        '@context': 'https://schema.org/extensions',
        themeColor: hexColor(m.color),
        title: m.plainText,
        summary: m.plainText,
        sections: [
          {
            activityTitle: m.sender.login ?? m.sender.username ?? '',
            activitySubtitle: m.sender.html_url ?? '',
            activityImage: m.sender.avatar_url ?? '',
            text: m.details,
            facts,
          },
        ],
        potentialAction: [{ '@type': 'OpenUri', name: 'Open', targets: [{ os: 'default', uri: m.url }] }],
      },
    };
  },
};
