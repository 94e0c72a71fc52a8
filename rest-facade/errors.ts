/**
 * The REST error answers live in the HTTP core (src/http/errors.ts), which must not depend on the facade;
 * re-exported here for the facade's modules.
 */
export { STATUS_OF, sendError } from '../src/http/errors.ts';
