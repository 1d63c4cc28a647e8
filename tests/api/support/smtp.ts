import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One mail as the SMTP server received it, with its parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain part. */
  text: string;
  /** The text/html part, or '' when there is none. */
  html: string;
  headers: Record<string, string>;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** The value for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Mails addressed to `to`, oldest first. */
  mailsTo(to: string): ReceivedMail[];
  /** Waits for the next mail to `to` beyond the `already` ones seen; fails after `timeoutMs`. */
  nextMailTo(to: string, already?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

/** Header names lower-cased, folded lines joined. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, end)), body: raw.slice(end + 4) };
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'binary');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

/** The leaf parts of a message, multipart nesting flattened. */
function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  if (!type.toLowerCase().startsWith('multipart/')) return [part];
  const boundary = parameter(type, 'boundary');
  if (!boundary) return [];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .map((chunk) => splitPart(chunk.replace(/^\r\n/, '')))
    .flatMap(leaves);
}

/** A small MIME caller: enough for what nodemailer writes (text and HTML alternatives). */
export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const message = splitPart(raw.replace(/\r?\n/g, '\r\n'));
  const parts = leaves(message);
  const ofType = (type: string) =>
    parts.find((part) => (part.headers['content-type'] ?? 'text/plain').startsWith(type));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  return {
    from,
    to,
    subject: decodeWords(message.headers.subject ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    headers: message.headers,
    raw,
  };
}

/**
 * A real SMTP server on a free loopback port that keeps every mail it receives.
 * Like a plain local relay it offers neither STARTTLS nor AUTH unless asked to.
 */
export async function startSmtpServer(
  options: Pick<SMTPServerOptions, 'hideSTARTTLS' | 'disabledCommands'> & {
    /** How long the server takes to accept each mail, like a slow relay. */
    delayMs?: number;
    /**
     * The reply text with which the server refuses a mail it has read (still kept in
     * `mails`), or undefined to accept it.
     */
    refusal?: (mail: ReceivedMail) => string | undefined;
  } = {},
): Promise<TestSmtpServer> {
  const { delayMs = 0, refusal, ...serverOptions } = options;
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    ...serverOptions,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('binary'), from, to);
        mails.push(mail);
        const refused = refusal?.(mail);
        setTimeout(() => {
          waiters.splice(0).forEach((wake) => wake());
          if (refused === undefined) callback();
          else callback(Object.assign(new Error(refused), { responseCode: 554 }));
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('SMTP server has no port');
  const port = address.port;

  const mailsTo = (to: string) => mails.filter((mail) => mail.to.includes(to.toLowerCase()));

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    async nextMailTo(to, already = mailsTo(to).length, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mailsTo(to)[already];
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The full URLs that stand alone on a line of the plain-text part. */
export function linksIn(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^https?:\/\/\S+$/.test(line));
}

/** The 6-digit code that stands alone on a line of the plain-text part. */
export function codeIn(text: string): string | undefined {
  return text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^\d{6}$/.test(line));
}
