import { readFileSync } from 'node:fs';
import type { Config } from './config/defaults.ts';
import { fromProjectRoot } from './paths.ts';

/** Graft's release version, from package.json; the OpenAPI document's own info.version in schema/openapi/document.yaml. */
export const GRAFT_VERSION: string = JSON.parse(readFileSync(fromProjectRoot('package.json'), 'utf8')).version;

/**
 * The Gitea release whose API Graft implements: Gitea clients compare it to decide what they may call.
 *
 * How it was found: the reference document (shared/reference/gitea-api-v1.openapi3.json) carries no version
 * (info.version is the template's placeholder "0.0.0+GITEA-API-APP-VERSION"), so its newest operations date it.
 * It has the workflow-run attempt operations (getWorkflowRunAttempt, listWorkflowRunAttemptJobs; go-gitea/gitea
 * #37119, April 2026) and forceCancelWorkflowRun (go-gitea/gitea #38756, opened 2026-08-03), which was merged
 * after 1.27.1 (released 2026-07-27) into main, where new features stay until the next release. Gitea builds of
 * that main branch report "1.28.0+dev-<commits>-g<hash>": the document is the 1.28 development API. Gitea sends
 * its version in GET /api/v1/version and its swagger document's info.version only; no X-Gitea-Version header.
 */
export const GITEA_API_VERSION = '1.28.0';

/** A semantic version (semver.org 2.0), as Gitea clients parse the answer of /api/v1/version. */
export const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/**
 * The version Graft reports wherever Gitea reports its own (/api/v1/version, the served swagger document):
 * api.GITEA_VERSION when set, else the Gitea release with Graft's version as build metadata (1.28.0+graft.0.1.0),
 * which version comparisons ignore.
 */
export function reportedVersion(config: Pick<Config, 'api'>): string {
  return config.api.GITEA_VERSION || `${GITEA_API_VERSION}+graft.${GRAFT_VERSION}`;
}
