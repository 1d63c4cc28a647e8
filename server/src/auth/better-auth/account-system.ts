import type { AuthContext } from 'better-auth';

/**
 * The parts of the account system's context these modules read. None of them varies with
 * its options, so the `Auth` that `createAuth` makes fits this whatever those options are.
 */
interface AccountContext {
  internalAdapter: Pick<
    AuthContext['internalAdapter'],
    'createUser' | 'linkAccount' | 'findCredentialAccount'
  >;
  password: Pick<AuthContext['password'], 'hash' | 'verify'>;
  authCookies: { sessionToken: { name: string } };
  secret: string;
  sessionConfig: Pick<AuthContext['sessionConfig'], 'expiresIn' | 'updateAge'>;
  options: AuthContext['options'];
  /** The check of the database's tables Better Auth starts on its own when it is created. */
  checkSchema?: (() => Promise<unknown> | undefined) | undefined;
}

/**
 * What these modules need of the account system: its context, from which they read the
 * internal adapter's account calls, the password hasher, the session cookie's name, the
 * secret and the session settings. Named here rather than taken as `Auth` from ../auth,
 * which is built from this folder's exports, so that the two do not import each other.
 */
export interface AccountSystem {
  readonly $context: Promise<AccountContext>;
}
