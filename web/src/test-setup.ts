import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/app/i18n';
import { nepali } from '@/app/translations/nepali';
import { loadNepaliCalendar } from '@/features/patient-home/format-when';
import { i18n } from '@/lib/i18n';
import { reportNetworkSuccess } from '@/lib/online-status';

// Tests switch languages synchronously; the app loads Nepali (and the BS calendar's names)
// on demand.
i18n.addResourceBundle('ne', 'translation', nepali);
await loadNepaliCalendar();

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A test whose requests reached no server leaves the app offline; the next starts online.
  reportNetworkSuccess();
});
