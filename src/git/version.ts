import { gitText } from './command.ts';

let cached: Promise<string> | undefined;

/** The installed git's version ("2.47.3"), asked of git once per process: git does not change under a running server. */
export function gitVersion(): Promise<string> {
  cached ??= gitText(['version'], { what: 'git version' }).then(
    (text) => text.replace(/^git version\s+/, ''),
    (err: unknown) => {
      cached = undefined;
      throw err;
    },
  );
  return cached;
}
