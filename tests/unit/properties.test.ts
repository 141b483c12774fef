import fc from 'fast-check';
import { organisationOfTrayConfig } from '@/lib/flows/arrival';
import { clientAddressFrom } from '@/lib/platform/request/client-address';
import { organisationUrl, resolveRequestHost } from '@/lib/platform/hosts';
import { routeLanguage } from '@/lib/platform/pages/language-routing';
import { languages, preferredLanguage } from '@/lib/platform/i18n/routing';
import { seal, unseal } from '@/lib/platform/sealed';
import { isAllowedRedirectUri } from '@/lib/flows/sso/outcome';
import { isValidDisplayName, isValidEmail, isValidInviteName } from '@/lib/vocabulary/validation';
import { z } from 'zod';

/**
 * Properties that must hold for any input, not just the examples the other tests pick: what an
 * attacker controls (Host, paths, cookies, query values) can never steer a redirect off the
 * configured domains or crash a parser.
 */

process.env.SESSION_SECRET = 'property-test-secret-of-at-least-32-chars';
const domains = ['example.com', 'test.example.com'];
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.webUrl(), fc.domain());

describe('hosts', () => {
  it('whatever the Host header says, organisation URLs stay on a configured domain', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom('http', 'https', 'javascript', ''), (host, protocol) => {
        const headers: Record<string, string> = { host, 'x-forwarded-proto': protocol };
        const resolved = resolveRequestHost({ get: (name) => headers[name] ?? null }, domains);
        const url = new URL(organisationUrl(resolved, 'acme'));
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(domains.some((domain) => url.hostname === `acme.${domain}`)).toBe(true);
      }),
    );
  });
});

describe('language routing', () => {
  it('every redirect stays inside the app, in one of our languages', () => {
    fc.assert(
      fc.property(fc.webPath(), anyText, (path, acceptLanguage) => {
        const route = routeLanguage(path.startsWith('/') ? path : `/${path}`, acceptLanguage);
        if (route.action === 'redirect') {
          expect(route.pathname).toMatch(new RegExp(`^/(${languages.join('|')})(/|$)`));
          expect(route.pathname.startsWith('//')).toBe(false);
        }
      }),
    );
  });

  it('any Accept-Language header gives one of our languages', () => {
    fc.assert(fc.property(anyText, (header) => expect(languages).toContain(preferredLanguage(header))));
  });
});

describe('redirect targets', () => {
  const allowlist = ['deskbooking://sso', 'https://cc.example.com/sso', 'https://cc.example.com:8443/app/'];

  /** What a browser makes of an allowed address: the scheme, host and port of an entry, at or below its path. */
  function liesUnderAnEntry(candidate: string): boolean {
    const url = new URL(candidate);
    return allowlist.some((entry) => {
      const prefix = new URL(entry);
      const below = prefix.pathname.endsWith('/') ? prefix.pathname : `${prefix.pathname}/`;
      return (
        url.protocol === prefix.protocol &&
        url.host === prefix.host &&
        (url.pathname === prefix.pathname || url.pathname.startsWith(below))
      );
    });
  }

  /** An entry followed by pieces that trick prefix checks: look-alike segments, dot segments, encodings. */
  const nearMiss = fc
    .tuple(
      fc.constantFrom(...allowlist, 'https://cc.example.com', 'deskbooking:'),
      fc.array(
        fc.constantFrom('/', '//', '.', '..', '%2e', '%2E', '%2f', '%2F', '%5c', '%5C', '\\', '%252f', '-evil', 'x', '@evil.com', ':8443', '?', '#', '\t', ';', '..;', '.;', '%3b', '%3B', '%252e', 'sso', 'app'),
        { maxLength: 6 },
      ),
    )
    .map(([entry, pieces]) => entry + pieces.join(''));

  it('an allowed redirect_uri, as a browser parses it, lies at or below an allowlist entry', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true }), anyText, nearMiss), (candidate) => {
        if (!isAllowedRedirectUri(candidate, allowlist)) return;
        expect(liesUnderAnEntry(candidate)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  /** A host behind that decodes its path once and reads backslashes as slashes, as many servers do. */
  function asALenientHostReadsIt(candidate: string): string {
    const url = new URL(candidate);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname).replaceAll('\\', '/');
    } catch {
      return candidate;
    }
    return new URL(path, `${url.protocol}//${url.host}`).href;
  }

  it('an allowed redirect_uri still lies at or below an entry for a host that decodes its path', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, nearMiss), (candidate) => {
        if (!isAllowedRedirectUri(candidate, allowlist)) return;
        expect(liesUnderAnEntry(asALenientHostReadsIt(candidate))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  /** A servlet container (Tomcat, Jetty) that drops each segment's path parameters (`;…`) before resolving dot segments. */
  function asAServletContainerReadsIt(candidate: string): string {
    const url = new URL(candidate);
    const path = url.pathname
      .split('/')
      .map((segment) => segment.split(';', 1)[0])
      .join('/');
    return new URL(path, `${url.protocol}//${url.host}`).href;
  }

  it('an allowed redirect_uri still lies at or below an entry for a host that drops path parameters', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, nearMiss), (candidate) => {
        if (!isAllowedRedirectUri(candidate, allowlist)) return;
        expect(liesUnderAnEntry(asAServletContainerReadsIt(candidate))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('a tray configuration URL only ever yields an https address under a configured domain', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), anyText), (tray) => {
        const organisation = organisationOfTrayConfig(tray, domains);
        if (organisation === undefined) return;
        const url = new URL(organisationUrl({ protocol: 'https', hostname: `web.${organisation.domain}`, port: '', domain: organisation.domain }, organisation.subDomain));
        expect(url.protocol).toBe('https:');
        expect(domains.some((domain) => url.hostname.endsWith(`.${domain}`))).toBe(true);
      }),
    );
  });
});

describe('input rules', () => {
  it('accepted e-mail addresses are short, with one @ and a dotted domain', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), anyText), (value) => {
        if (!isValidEmail(value)) return;
        expect(value.length).toBeLessThanOrEqual(254);
        expect(value.split('@')).toHaveLength(2);
        expect(value.split('@')[1]).toContain('.');
        expect(value).not.toMatch(/[\s<>"]/);
      }),
    );
  });

  it('an invite name that passes can never carry markup or quotes', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        if (!isValidInviteName(value)) return;
        expect(value).not.toMatch(/[<>"'`/\\;&]/);
        expect(value.trim()).not.toBe('');
        expect(value.length).toBeLessThanOrEqual(255);
      }),
    );
  });

  it('a display name passes exactly when it has 1 to 255 characters that are not all blank', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect(isValidDisplayName(value)).toBe(value.trim().length > 0 && value.length <= 255);
      }),
    );
  });
});

describe('sealed cookies', () => {
  const shape = z.object({ email: z.string() });

  it('any cookie value a browser sends opens as our own payload or as nothing: never another, never an exception', async () => {
    const payload = { email: 'a@example.com' };
    const genuine = await seal('sign-up', payload, 60);
    const mutated = fc
      .tuple(fc.integer({ min: 0, max: genuine.length - 1 }), fc.constantFrom('x', 'A', '-', '_', '.', '0'))
      .map(([at, character]) => `${genuine.slice(0, at)}${character}${genuine.slice(at + 1)}`);
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, mutated), async (value) => {
        const opened = await unseal('sign-up', value, shape);
        // A changed character may fall in base64's unused padding bits and leave the bytes as
        // they were; then it opens, but only ever as the very payload that was sealed.
        if (opened !== undefined) expect(opened).toEqual(payload);
      }),
      { numRuns: 300 },
    );
  });
});

describe('client address', () => {
  const trustedEntry = fc.oneof(fc.ipV4(), fc.ipV6());
  const forwardedFor = (value: string) => ({ get: (name: string) => (name === 'x-forwarded-for' ? value : null) });

  it('whatever a client writes into X-Forwarded-For, the client is what the trusted proxies appended', () => {
    fc.assert(
      fc.property(anyText, fc.array(trustedEntry, { minLength: 1, maxLength: 3 }), (written, appended) => {
        const client = clientAddressFrom(forwardedFor([written, ...appended].join(', ')), appended.length);
        // fast-check writes IPv6 in every legal spelling; the function answers in the canonical one.
        expect(client).toBe(clientAddressFrom(forwardedFor(appended[0]!), 1));
        expect(client).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });

  it('a header written by the client alone yields an address or nothing, never an exception', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 3 }), (written, hops) => {
        const client = clientAddressFrom(forwardedFor(written), hops);
        if (client !== undefined) expect(client).toMatch(/^[0-9a-f:.]+$/);
      }),
    );
  });
});
