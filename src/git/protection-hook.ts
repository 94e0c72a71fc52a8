import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gitHomeDir } from './command.ts';

/**
 * Branch and tag protection on `git push`: a pre-receive hook that receive-pack runs once it has the pushed
 * objects (in its quarantine) and before it updates any ref. The server decides beforehand, for the pusher, what
 * each rule of the repository allows (so the hook asks no database), and hands the decisions to the hook
 * in the environment; the hook checks every command of the push with git itself (ancestry, changed files)
 * and refuses the whole push with a message the client prints as `remote: …` when one command breaks a rule:
 * git's pre-receive is all or nothing, so a refused push updates no ref at all.
 */

/** A pattern as a regular expression's source and flags (globs are compiled by the caller). */
export interface PatternSource {
  source: string;
  flags: string;
}

/** What one rule allows this pusher, in the order rules are tried. */
export interface PushRuleDecision {
  ruleName: string;
  match: PatternSource;
  canPush: boolean;
  canForcePush: boolean;
  protectedFiles: PatternSource[];
  unprotectedFiles: PatternSource[];
}

/** What one tag protection rule allows this pusher: whether it may create, move and delete the tags it covers. */
export interface TagRuleDecision {
  namePattern: string;
  match: PatternSource;
  allowed: boolean;
}

/** Every decision of one push: branch rules in the order they are tried, and tag rules. */
export interface PushDecisions {
  branches: PushRuleDecision[];
  tags: TagRuleDecision[];
}

const ENV_NAME = 'GRAFT_PUSH_RULES';
const CUSTOM_ENV = 'GRAFT_CUSTOM_HOOKS';

// The hook: plain JavaScript run by the server's own node, reading the decisions from the environment.
const HOOK = `
const { execFileSync } = require('node:child_process');
const decisions = JSON.parse(process.env.${ENV_NAME} || '{}');
const tagRules = (decisions.tags || []).map((r) => ({ ...r, match: new RegExp(r.match.source, r.match.flags) }));
const rules = (decisions.branches || []).map((r) => ({
  ...r,
  match: new RegExp(r.match.source, r.match.flags),
  protectedFiles: r.protectedFiles.map((p) => new RegExp(p.source, p.flags)),
  unprotectedFiles: r.unprotectedFiles.map((p) => new RegExp(p.source, p.flags)),
}));
const git = (args, ok = [0]) => {
  try {
    return { code: 0, out: execFileSync('git', args, { encoding: 'buffer', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] }) };
  } catch (err) {
    if (typeof err.status === 'number' && ok.includes(err.status)) return { code: err.status, out: Buffer.alloc(0) };
    throw err;
  }
};
const changedFiles = (from, to) =>
  git(['diff', '--no-renames', '--name-only', '-z', from, to, '--']).out.toString('utf8').split('\\0').filter(Boolean);
const anyMatch = (patterns, file) => patterns.some((p) => p.test(file.trim().toLowerCase()));
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const refusals = [];
  for (const line of input.split('\\n').filter(Boolean)) {
    const [before, after, ref] = line.split(' ');
    if (ref.startsWith('refs/tags/')) {
      // As Gitea: any change to a covered tag (creating, moving, deleting) needs one covering rule that lists the pusher.
      const tag = ref.slice('refs/tags/'.length);
      const covering = tagRules.filter((r) => r.match.test(tag));
      if (covering.length && !covering.some((r) => r.allowed)) {
        refusals.push('Tag ' + tag + ' is protected (rule "' + covering[0].namePattern + '"): you may not create, move or delete it');
      }
      continue;
    }
    if (!ref.startsWith('refs/heads/')) continue;
    const branch = ref.slice('refs/heads/'.length);
    const rule = rules.find((r) => r.match.test(branch));
    if (!rule) continue;
    const zero = /^0+$/;
    if (zero.test(after)) {
      refusals.push('branch ' + branch + ' is protected from deletion (rule "' + rule.ruleName + '")');
      continue;
    }
    const created = zero.test(before);
    if (!created && git(['merge-base', '--is-ancestor', before, after], [1]).code !== 0 && !rule.canForcePush) {
      refusals.push('branch ' + branch + ' is protected from force push (rule "' + rule.ruleName + '")');
      continue;
    }
    const files = created ? [] : changedFiles(before, after);
    const touched = files.find((f) => anyMatch(rule.protectedFiles, f));
    if (touched) {
      refusals.push('branch ' + branch + ' is protected from changing file ' + touched + ' (rule "' + rule.ruleName + '")');
      continue;
    }
    if (rule.canPush) continue;
    if (!created && files.length && rule.unprotectedFiles.length && files.every((f) => anyMatch(rule.unprotectedFiles, f))) continue;
    refusals.push('Not allowed to push to protected branch ' + branch + ' (rule "' + rule.ruleName + '")');
  }
  for (const refusal of refusals) process.stderr.write('Graft: ' + refusal + '\\n');
  if (refusals.length) process.exit(1);
  process.exit(runCustom('pre-receive', [], input));
});
`;

// The runner of a repository's own hook (src/git/custom-hooks.ts): only while the server allows them, after
// Graft's own checks, with the same input; its output reaches the pusher and its exit status decides.
const RUN_CUSTOM = `
function runCustom(name, args, input) {
  if (process.env.${CUSTOM_ENV} !== '1') return 0;
  const fs = require('node:fs');
  const script = require('node:path').resolve('hooks', name + '.d', name);
  if (!fs.existsSync(script)) return 0;
  const run = require('node:child_process').spawnSync(script, args, { input, stdio: ['pipe', 'inherit', 'inherit'] });
  // A hook that exits without reading its input is fine (git does not mind either).
  if (run.error && run.error.code !== 'EPIPE') {
    process.stderr.write('Graft: the ' + name + ' hook of this repository could not run: ' + run.error.message + '\\n');
    return 1;
  }
  return run.status === null ? 1 : run.status;
}
`;

// update and post-receive: the repository's own hook alone (Graft checks nothing there).
const UPDATE_HOOK = `
process.exit(runCustom('update', process.argv.slice(2), ''));
`;
const POST_RECEIVE_HOOK = `
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => process.exit(runCustom('post-receive', [], input)));
`;

let hooksDir: string | undefined;

/**
 * The directory of the hook under git's home (the server's own node runs it), written once per home: an app
 * started later in the same process (tests run several, one after another) has a home of its own, and the first
 * one's may be gone with its data, which would make git run no hook at all.
 */
function protectionHooksDir(): string {
  const dir = path.join(gitHomeDir(), 'graft-hooks');
  if (hooksDir === dir && existsSync(path.join(dir, 'pre-receive'))) return dir;
  mkdirSync(dir, { recursive: true });
  // post-receive first: the presence of pre-receive is what says the directory is complete.
  writeFileSync(path.join(dir, 'post-receive'), `#!${process.execPath}\n${RUN_CUSTOM}${POST_RECEIVE_HOOK}`, { mode: 0o755 });
  writeFileSync(path.join(dir, 'update'), `#!${process.execPath}\n${RUN_CUSTOM}${UPDATE_HOOK}`, { mode: 0o755 });
  writeFileSync(path.join(dir, 'pre-receive'), `#!${process.execPath}\n${RUN_CUSTOM}${HOOK}`, { mode: 0o755 });
  hooksDir = dir;
  return dir;
}

/**
 * The configuration and environment that make receive-pack run the hooks with these decisions, and the
 * repository's own hooks when `customHooks` (security.DISABLE_GIT_HOOKS is false); nothing when there is neither
 * a branch or tag rule nor custom hooks to run (a push then runs no hook at all: the repository's own hooks
 * directory is never git's, see src/git/custom-hooks.ts).
 */
export function protectionHookSetup(decisions: PushDecisions, customHooks = false): { config: [string, string][]; env: Record<string, string> } {
  if (!decisions.branches.length && !decisions.tags.length && !customHooks) return { config: [], env: {} };
  return {
    config: [['core.hooksPath', protectionHooksDir()]],
    env: { [ENV_NAME]: JSON.stringify(decisions), ...(customHooks ? { [CUSTOM_ENV]: '1' } : {}) },
  };
}
