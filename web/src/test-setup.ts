import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/app/i18n';
import { nepali } from '@/app/translations/nepali';
import { loadNepaliDates } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { reportNetworkSuccess } from '@/lib/online-status';

// Tests switch languages synchronously; the app loads Nepali (and its dates)
// on demand.
i18n.addResourceBundle('ne', 'translation', nepali);
await loadNepaliDates();

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A test whose requests reached no server leaves the app offline; the next starts online.
  reportNetworkSuccess();
});
