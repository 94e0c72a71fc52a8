import type React from 'react';

/** A route's page, loaded when the route is first visited: each page is a chunk of its own. */
export const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
