import { english } from './english';
import { nepali } from './nepali';

/** Both languages side by side, for the test that holds them to the same keys. */
export const resources = { en: english, ne: nepali };

export type { Translation } from './english';
