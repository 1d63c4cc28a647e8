import { describe, expect, it } from 'vitest';
import { roles } from '@shared/role';
import { mayViewPhoto } from './photo-access';

describe('who may see a stored photo', () => {
  it.each(roles)('shows a %s their own photos', (role) => {
    expect(mayViewPhoto({ id: 'owner', role }, 'owner')).toBe(true);
  });

  it.each(roles)("shows a %s someone else's photos only as a doctor", (role) => {
    expect(mayViewPhoto({ id: 'someone-else', role }, 'owner')).toBe(role === 'doctor');
  });
});
