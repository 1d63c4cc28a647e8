/**
 * The session lives in `@/lib/session`, where every feature reads it. This path answers
 * for the screens that still import it from here (messaging, second factors).
 */
export { sessionQueryOptions, useSession } from '@/lib/session';
