import 'i18next';
import type { Translation } from './locales/english';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation };
    returnNull: false;
  }
}
