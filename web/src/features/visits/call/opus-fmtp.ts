/** The Opus settings asked of the other side: silence sent as near nothing (DTX) and in-band FEC. */
const opusSettings: Readonly<Record<string, string>> = { usedtx: '1', useinbandfec: '1' };

/**
 * The description's SDP with `usedtx=1;useinbandfec=1` on each Opus payload's fmtp line
 * (one is added after the rtpmap line when there is none). Only the copy sent to the
 * other person is changed: these parameters tell the sender how to send to us.
 */
export function withOpusDtxAndFec(sdp: string): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const lines = sdp.split(eol);
  const opusPayloads = new Set<string>();
  for (const line of lines) {
    const match = /^a=rtpmap:(\d+) opus\/48000/i.exec(line);
    if (match?.[1]) opusPayloads.add(match[1]);
  }
  if (opusPayloads.size === 0) return sdp;

  const withFmtp = new Set<string>();
  const out = lines.map((line) => {
    const match = /^a=fmtp:(\d+) ?(.*)$/.exec(line);
    if (!match?.[1] || !opusPayloads.has(match[1])) return line;
    withFmtp.add(match[1]);
    return `a=fmtp:${match[1]} ${mergeParameters(match[2] ?? '')}`;
  });
  const result: string[] = [];
  for (const line of out) {
    result.push(line);
    const match = /^a=rtpmap:(\d+) opus\/48000/i.exec(line);
    if (match?.[1] && !withFmtp.has(match[1])) {
      result.push(`a=fmtp:${match[1]} ${mergeParameters('')}`);
    }
  }
  return result.join(eol);
}

function mergeParameters(parameters: string): string {
  const pairs = parameters
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    });
  const seen = new Set<string>();
  const merged = pairs.map(([name = '', value = '']) => {
    const wanted = opusSettings[name.toLowerCase()];
    if (wanted !== undefined) seen.add(name.toLowerCase());
    return `${name}=${wanted ?? value}`;
  });
  for (const [name, value] of Object.entries(opusSettings)) {
    if (!seen.has(name)) merged.push(`${name}=${value}`);
  }
  return merged.join(';');
}
