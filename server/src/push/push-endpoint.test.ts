import { describe, expect, it } from 'vitest';
import { defaultPushServiceHosts } from '../config';
import { mayPostTo, postableEndpoint } from './push-endpoint';

const hosts = [...defaultPushServiceHosts, 'localhost:8443'];

describe('postableEndpoint', () => {
  it('gives the very URL it checked, for the sender to post to', () => {
    const url = postableEndpoint('https://wns2-par02p.notify.windows.com/w/?token=BQ', hosts);
    expect(url).toBeInstanceOf(URL);
    expect(url?.hostname).toBe('wns2-par02p.notify.windows.com');
    expect(url?.port).toBe('');
    expect(`${url?.pathname}${url?.search}`).toBe('/w/?token=BQ');
  });
});

describe('mayPostTo', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGx3',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://localhost:8443/device/1',
  ])('lets the server post to %s', (endpoint) => {
    expect(mayPostTo(endpoint, hosts)).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another scheme', 'ftp://fcm.googleapis.com/fcm/send/abc'],
    ['a relative path', '/fcm/send/abc'],
    ['no URL at all', 'fcm.googleapis.com'],
    ['a user name', 'https://fcm.googleapis.com@169.254.169.254/latest'],
    ['a user name on an allowed host', 'https://user@fcm.googleapis.com/fcm/send/abc'],
    ['a password', 'https://user:pass@fcm.googleapis.com/fcm/send/abc'],
    ['an IPv4 literal', 'https://127.0.0.1/device'],
    ['a decimal IPv4 literal', 'https://2130706433/device'],
    ['an IPv6 literal', 'https://[::1]/device'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['a listed host without its port', 'https://localhost/device/1'],
    ['a listed host on another port', 'https://localhost:8444/device/1'],
    ['a trailing dot', 'https://fcm.googleapis.com./fcm/send/abc'],
    ['a lookalike suffix', 'https://fcm.googleapis.com.evil.com/fcm/send/abc'],
    ['a lookalike prefix', 'https://evilfcm.googleapis.com/fcm/send/abc'],
    ['a subdomain of an exact entry', 'https://x.fcm.googleapis.com/fcm/send/abc'],
    ['the bare domain of a wildcard', 'https://notify.windows.com/w/'],
    ['two labels under a wildcard', 'https://a.b.notify.windows.com/w/'],
    ['a wildcard host on another port', 'https://wns2.notify.windows.com:8443/w/'],
    ['a lookalike of a wildcard', 'https://wns2.notify.windows.com.evil.com/w/'],
    ['a backslash trick', 'https://evil.com\\@fcm.googleapis.com/'],
    ['an internal name', 'https://metadata.google.internal/computeMetadata/v1/'],
    // Read by another parser as a host of its own: 127.0.0.1, or this machine's port 443.
    ['a percent-escape in the host', 'https://2130706433%2enotify.windows.com/x'],
    ['one slash after the scheme', 'https:/fcm.googleapis.com/x'],
    ['no slash after the scheme', 'https:fcm.googleapis.com/x'],
    ['a backslash for a slash', 'https:\\\\fcm.googleapis.com/x'],
    ['an uppercase host', 'https://FCM.GoogleAPIs.com/fcm/send/abc'],
    ['the default port written out', 'https://fcm.googleapis.com:443/fcm/send/abc'],
    ['no path', 'https://fcm.googleapis.com'],
    ['a space around it', ' https://fcm.googleapis.com/fcm/send/abc'],
    ['a tab inside', 'https://fcm.googleapis.com/fcm/se\tnd/abc'],
    ['a path the parser rewrites', 'https://fcm.googleapis.com/a/../fcm/send/abc'],
    ['an escape the parser adds', 'https://fcm.googleapis.com/fcm/send/a b'],
    ['a host in Unicode', 'https://wns2-pär.notify.windows.com/w/'],
  ])('refuses %s', (_, endpoint) => {
    expect(mayPostTo(endpoint, hosts)).toBe(false);
  });

  it('lets a bare domain through only when it is listed itself', () => {
    expect(mayPostTo('https://notify.windows.com/w/', ['notify.windows.com'])).toBe(true);
    expect(mayPostTo('https://x.notify.windows.com/w/', ['notify.windows.com'])).toBe(false);
  });

  it('refuses everything when no push service is listed', () => {
    expect(mayPostTo('https://fcm.googleapis.com/fcm/send/abc', [])).toBe(false);
  });
});
