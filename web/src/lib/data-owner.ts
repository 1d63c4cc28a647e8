import { localSetting } from './local-setting';

/**
 * Whose data this device keeps for offline use (`account-data.ts`): an account id only, in
 * localStorage, so any page can tell without opening IndexedDB. It goes first when the
 * device learns that account's session ended, so nothing restores her data from then on,
 * even should the erasing after it be cut short; every tab hears of it at once.
 */
export const dataOwner = localSetting<string | null>('sewa-data-owner', (raw) => raw);
