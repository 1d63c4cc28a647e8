import 'i18next';
import type { Translation } from './locales/resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation };
    returnNull: false;
  }
}
