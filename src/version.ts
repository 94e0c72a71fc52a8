import { readFileSync } from 'node:fs';

/** Graft's release version, from package.json; also the OpenAPI document's info.version. */
export const GRAFT_VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
