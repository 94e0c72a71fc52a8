import { badRequest } from '../../../errors.ts';
import { describe, type Formatter } from './messages.ts';
import { hexColor, type HookService } from './service.ts';

/** Slack's incoming webhooks (Gitea's slack.go): `text` with Slack's `<url|text>` links, and an attachment with the details. */

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slackFormat: Formatter = { link: (url, text) => (url ? `<${url}|${escape(text)}>` : escape(text)), text: escape };

/** Slack's channel names (lowercase letters, digits, - and _, at most 80), with an optional leading #, as Gitea checks them. */
const CHANNEL = /^#?[a-z0-9_-]{1,80}$/;

export const slack: HookService = {
  settings: [
    {
      name: 'channel',
      required: true,
      normalize: (v) => {
        const channel = v.trim();
        // Gitea answers 400 for a channel name Slack would refuse.
        if (!CHANNEL.test(channel)) throw badRequest(`invalid slack channel name: "${v}"`);
        return channel;
      },
    },
    { name: 'username' },
    { name: 'icon_url' },
    { name: 'color' },
  ],
  request({ url, method, settings, event, eventType, payload }) {
    const m = describe(eventType, event, payload, slackFormat);
    if (!m) return null;
    const attachments = m.details
      ? [{ fallback: escape(m.title), color: m.kind === 'push' && settings.color ? settings.color : hexColor(m.color), title: escape(m.title), title_link: m.url, text: m.details }]
      : [];
    return { method, url, body: { channel: settings.channel ?? '', text: m.text, username: settings.username ?? '', icon_url: settings.icon_url ?? '', attachments } };
  },
};
