/**
 * The `markdown` targets' texts: a README of about `bytes` bytes with what READMEs hold (headings, paragraphs
 * with emphasis, links, mentions, issue references and emoji, nested lists, task lists, tables, code blocks,
 * quotes, images), and a comment of a few lines.
 */
export function benchReadme(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let section = 1; size < bytes; section++) {
    const text = [
      `## Section ${section}: *configuration* and **usage**`,
      '',
      `Paragraph ${section} explains the [guide](docs/guide-${section}.md), thanks @alice and @bob-${section % 7}; see #${section} and ` +
        `acme/widgets#${section * 3}, fixed in 1a2b3c4d${(section % 10).toString()}e5f. Visit https://example.org/page/${section} or www.example.com :rocket: ~~old~~.`,
      '',
      `- item ${section}.1 with \`inline code\``,
      `  - nested ${section}.1.1`,
      `    - deeper ${section}.1.1.1`,
      `- [ ] task ${section}`,
      `- [x] done ${section}`,
      '',
      '| Option | Default | Meaning |',
      '|:-------|--------:|:-------:|',
      ...Array.from({ length: 5 }, (_, i) => `| \`opt_${section}_${i}\` | ${i * 10} | what option ${i} changes |`),
      '',
      '```ts',
      `export function handler${section}(input: string): number {`,
      '  return input.length * 2; // <b>not html</b>',
      '}',
      '```',
      '',
      `> Note ${section}: quoted **advice** with a [link](https://example.org/${section}).`,
      '',
      `![diagram ${section}](img/diagram-${section}.png)`,
      '',
    ].join('\n');
    parts.push(text);
    size += Buffer.byteLength(text) + 1;
  }
  return `# Bench README\n\n${parts.join('\n')}`;
}

/** A comment mentioning `login` (an account of the bench, so that the mention is linked). */
export const benchComment = (login: string) => [
  `Thanks @${login}, this fixes #12 :tada:`,
  'It changes `config.ts` and 1a2b3c4d5e:',
  '',
  '- [x] tests',
  '- [ ] docs, see [the guide](docs/guide.md)',
  '',
  '```js',
  'const x = 1;',
  '```',
].join('\n');
