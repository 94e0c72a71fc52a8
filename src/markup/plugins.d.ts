// The Markdown plugins ship no type declarations of their own.
declare module 'markdown-it-emoji' {
  import type { MarkdownIt } from 'markdown-it';
  export function full(md: MarkdownIt, options?: { defs?: Record<string, string>; shortcuts?: Record<string, string | string[]> }): void;
}

declare module 'markdown-it-task-lists' {
  import type { MarkdownIt } from 'markdown-it';
  export default function taskLists(md: MarkdownIt, options?: { enabled?: boolean; label?: boolean; labelAfter?: boolean }): void;
}
