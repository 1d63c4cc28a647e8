import { describe, expect, it } from 'vitest';
import { notificationOf, ownPath } from './push-message';

describe('notificationOf', () => {
  it("shows the server's words, one per tag, with the app's icon and the page to open", () => {
    const shown = notificationOf({
      kind: 'doctor-is-in',
      title: 'सेवा',
      body: 'तपाईंको डाक्टर सेवामा तपाईंलाई पर्खिरहनुभएको छ',
      path: '/',
      lang: 'ne',
      tag: 'visit-1',
    });
    expect(shown.title).toBe('सेवा');
    expect(shown.options).toMatchObject({
      body: 'तपाईंको डाक्टर सेवामा तपाईंलाई पर्खिरहनुभएको छ',
      tag: 'visit-1',
      lang: 'ne',
      icon: '/icons/icon-192.png',
      data: { path: '/' },
    });
  });

  it('still shows something for a message it cannot read, opening home', () => {
    expect(notificationOf(null)).toMatchObject({ title: 'Sewa', options: { data: { path: '/' } } });
    expect(notificationOf({ title: 1 }).options.data.path).toBe('/');
  });

  it('never opens another site from a message', () => {
    const shown = notificationOf({
      kind: 'care-team-answered',
      title: 'Sewa',
      body: 'Your care team answered',
      path: '//evil.example/x',
      lang: 'en',
      tag: 't',
    });
    expect(shown.options.data.path).toBe('/');
    expect(ownPath('https://evil.example/')).toBe('/');
    expect(ownPath('/messages')).toBe('/messages');
  });
});
