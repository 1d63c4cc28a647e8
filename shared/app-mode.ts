import * as z from 'zod/mini';

export const appModeSchema = z.enum(['dev', 'official']);
export type AppMode = z.infer<typeof appModeSchema>;

/** Name of the `<meta>` tag through which the server tells the web app its initial mode. */
export const appModeMetaName = 'app-mode';
