import 'i18next';
import type { Translation } from './app/translations/english';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation };
    returnNull: false;
  }
}
