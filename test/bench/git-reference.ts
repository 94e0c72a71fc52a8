/**
 * The reference server of the git bench: plain `git http-backend` as a CGI behind node:http, with no Graft
 * logic at all (no authentication, no access check, no database, no post-push work), in a small node
 * process of its own (git-reference-server.mjs), as a CGI server would be. It serves every bare repository
 * under `root`. What Graft adds on top of this is Graft's cost; what this adds on top of git reading the
 * bare path is the price of HTTP itself (the CGI, curl, the extra round trips).
 *
 * Why not lighttpd: the bench must run wherever the project's own files install it, and node is always
 * there; both run the same `git http-backend`, and both stream.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface ReferenceServer {
  url: string;
  stop(): Promise<void>;
}

export async function startReferenceServer(root: string): Promise<ReferenceServer> {
  const script = fileURLToPath(new URL('./git-reference-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, root], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const [port] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${port.toString().trim()}/`,
    async stop() {
      child.kill();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
