/**
 * Model types of the generated client, re-exported whole so the rest of the code names one place, and a new
 * model needs no line here.
 */
export type * from '../../prisma/__generated__/sqlite/client.ts';
