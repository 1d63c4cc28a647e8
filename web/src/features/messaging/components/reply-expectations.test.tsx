import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ReplyExpectations } from './reply-expectations';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ReplyExpectations', () => {
  it('says when a reply comes and gives the ambulance number as a call', () => {
    render(<ReplyExpectations />);
    const help = screen.getByRole('complementary', { name: 'When to expect a reply' });
    expect(help).toHaveTextContent('Your care team answers during clinic hours.');
    expect(help).toHaveTextContent('In an emergency, do not wait for a reply.');
    expect(screen.getByRole('link', { name: 'Call 102 for an ambulance' })).toHaveAttribute(
      'href',
      'tel:102',
    );
  });

  it('says it in Nepali, the number in Devanagari and the call to 102', async () => {
    await i18n.changeLanguage('ne');
    render(<ReplyExpectations />);
    expect(screen.getByRole('link', { name: /१०२ मा फोन गर्नुहोस्/ })).toHaveAttribute(
      'href',
      'tel:102',
    );
  });
});
