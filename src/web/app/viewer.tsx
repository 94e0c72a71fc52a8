import { createContext, useContext } from 'react';
import type { ShellViewerQuery } from '../__generated__/app/shell.ts';

export type SignedIn = NonNullable<ShellViewerQuery['viewer']>;

/** The signed-in person, or null for a visitor: read once by the shell, for every page. */
export const ViewerContext = createContext<SignedIn | null>(null);

export const useViewer = () => useContext(ViewerContext);
