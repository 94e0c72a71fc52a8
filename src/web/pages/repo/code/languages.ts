/** The shiki language of a file, by its name or extension; null for files shown as plain text. */
const BY_EXTENSION: Record<string, string> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  json: 'json', md: 'markdown', markdown: 'markdown', css: 'css', scss: 'scss', html: 'html', htm: 'html',
  py: 'python', rb: 'ruby', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', kts: 'kotlin',
  c: 'c', h: 'c', cpp: 'cpp', cc: 'cpp', cxx: 'cpp', hpp: 'cpp', cs: 'csharp',
  sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', yml: 'yaml', yaml: 'yaml', toml: 'toml', sql: 'sql',
  xml: 'xml', svg: 'xml', php: 'php', swift: 'swift', graphql: 'graphql', gql: 'graphql',
  diff: 'diff', patch: 'diff', ini: 'ini', lua: 'lua', prisma: 'prisma',
};
const BY_NAME: Record<string, string> = { dockerfile: 'docker', makefile: 'make', gnumakefile: 'make' };

export function languageOf(path: string): string | null {
  const name = path.split('/').pop()!.toLowerCase();
  if (BY_NAME[name]) return BY_NAME[name];
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (BY_EXTENSION[name.slice(dot + 1)] ?? null) : null;
}
