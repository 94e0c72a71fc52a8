import type { CombinedError } from 'urql';

/** Whether the server said the thing asked for does not exist (or is hidden). */
export const isNotFound = (error: CombinedError | undefined) => !!error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND');
