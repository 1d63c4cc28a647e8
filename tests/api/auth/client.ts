/** What a test reads from one answer. */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  /** The Set-Cookie lines of this answer, as sent. */
  setCookies: string[];
}

export interface ApiErrorBody {
  error: { code: string; message: string };
}

interface CallOptions {
  headers?: Record<string, string>;
  /** Follow redirects? Off by default so tests can look at Location. */
  follow?: boolean;
}

/**
 * A browser-like HTTP client for API tests: it keeps cookies between calls (a tiny
 * jar by name; attributes are not enforced) and sends the site's Origin on writes.
 */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaults: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.trim().split('=');
        return (
          (key.toLowerCase() === 'max-age' && Number(val) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(val) < Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...this.defaults, ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && headers.origin === undefined) headers.origin = this.baseUrl;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const url = new URL(path, this.baseUrl).toString();
    const response = await fetch(url, {
      method,
      headers,
      redirect: options.follow ? 'follow' : 'manual',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const setCookies = response.headers.getSetCookie();
    this.remember(setCookies);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T, setCookies };
  }

  get<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>('GET', path, undefined, options);
  }

  post<T = unknown>(path: string, body: unknown = {}, options?: CallOptions) {
    return this.call<T>('POST', path, body, options);
  }

  /** A second client that starts with this one's cookies (another tab, or a stolen cookie). */
  copy(): Client {
    const other = new Client(this.baseUrl, this.defaults);
    this.cookies.forEach((value, name) => other.cookies.set(name, value));
    return other;
  }
}
