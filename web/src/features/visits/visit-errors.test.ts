import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { visitErrorText } from './visit-errors';

const refusal = (code: ConstructorParameters<typeof ApiRequestError>[1]) =>
  new ApiRequestError(409, code, 'refused');

describe('visitErrorText', () => {
  it('words the visit codes in English and Nepali', () => {
    const en = i18n.getFixedT('en');
    const ne = i18n.getFixedT('ne');
    expect(visitErrorText(en, refusal('visit_taken'), 'fallback')).toBe(
      'Another doctor has already started this visit.',
    );
    expect(visitErrorText(ne, refusal('visit_taken'), 'fallback')).toBe(
      'अर्को डाक्टरले यो भेट पहिले नै सुरु गरिसक्नुभयो।',
    );
    expect(visitErrorText(en, refusal('visit_closed'), 'fallback')).toBe(
      'This visit has already ended.',
    );
    expect(visitErrorText(en, refusal('visit_not_ready'), 'fallback')).toBe(
      'The visit is not ready yet. Please wait for the doctor.',
    );
  });

  it('uses the shared words for shared codes and the screen’s fallback for the rest', () => {
    const en = i18n.getFixedT('en');
    expect(visitErrorText(en, refusal('rate_limited'), 'fallback')).toMatch(/Too many attempts/);
    expect(visitErrorText(en, refusal('internal'), 'fallback')).toBe('fallback');
    expect(visitErrorText(en, new Error('boom'), 'fallback')).toBe('fallback');
  });
});
