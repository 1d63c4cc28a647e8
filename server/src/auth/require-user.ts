import type { FastifyRequest } from 'fastify';
import type { CurrentUser, CurrentUserResolver } from './current-user';
import { AppError } from '../http/app-error';

/** The signed-in caller, or a 401 that ends the request. */
export function requireUserWith(currentUser: CurrentUserResolver) {
  return async (request: FastifyRequest): Promise<CurrentUser> => {
    const user = await currentUser(request);
    if (!user) throw new AppError('unauthorized', 'Please sign in.');
    return user;
  };
}

export type RequireUser = ReturnType<typeof requireUserWith>;
