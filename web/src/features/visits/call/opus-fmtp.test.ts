import { describe, expect, it } from 'vitest';
import { withOpusDtxAndFec } from './opus-fmtp';

const offer = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63 9',
  'a=rtpmap:111 opus/48000/2',
  'a=rtcp-fb:111 transport-cc',
  'a=fmtp:111 minptime=10;useinbandfec=0',
  'a=rtpmap:63 red/48000/2',
  'a=fmtp:63 111/111',
  'a=rtpmap:9 G722/8000',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=rtpmap:96 VP8/90000',
  '',
].join('\r\n');

describe('withOpusDtxAndFec', () => {
  it('asks for DTX and in-band FEC on the Opus payload and leaves the rest alone', () => {
    const munged = withOpusDtxAndFec(offer);
    expect(munged).toContain('a=fmtp:111 minptime=10;useinbandfec=1;usedtx=1\r\n');
    expect(munged).toContain('a=fmtp:63 111/111\r\n');
    expect(munged).toContain('a=rtpmap:96 VP8/90000\r\n');
    expect(munged.split('\r\n')).toHaveLength(offer.split('\r\n').length);
    expect(munged.endsWith('\r\n')).toBe(true);
  });

  it('adds an fmtp line after the rtpmap when Opus has none', () => {
    const bare = offer.replace('a=fmtp:111 minptime=10;useinbandfec=0\r\n', '');
    const lines = withOpusDtxAndFec(bare).split('\r\n');
    const rtpmap = lines.indexOf('a=rtpmap:111 opus/48000/2');
    expect(lines[rtpmap + 1]).toBe('a=fmtp:111 usedtx=1;useinbandfec=1');
  });

  it('is idempotent and keeps an SDP without Opus unchanged', () => {
    const once = withOpusDtxAndFec(offer);
    expect(withOpusDtxAndFec(once)).toBe(once);
    const videoOnly = 'v=0\nm=video 9 UDP/TLS/RTP/SAVPF 96\na=rtpmap:96 VP8/90000\n';
    expect(withOpusDtxAndFec(videoOnly)).toBe(videoOnly);
  });
});
