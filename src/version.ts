import { readFileSync } from 'node:fs';
import { fromProjectRoot } from './paths.ts';

/** Graft's release version, from package.json; also the OpenAPI document's info.version. */
export const GRAFT_VERSION: string = JSON.parse(readFileSync(fromProjectRoot('package.json'), 'utf8')).version;
