import { ProviderUnreachable } from '@/lib/flows/sso/providers/discovery';
import { assertProviderAnswers, SILENCE_REMEMBERED_MS } from '@/lib/flows/sso/providers/provider-probe';

/** The reachability probe before a single sign-on start (lib/flows/sso/providers/provider-probe.ts). */

const realFetch = global.fetch;
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock;
});

afterAll(() => {
  global.fetch = realFetch;
});

const answered = (status: number) => new Response(null, { status });
const silent = () => Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
const dropped = () => Promise.reject(new TypeError('fetch failed'));

describe('assertProviderAnswers', () => {
  it('lets starts that come while a probe is under way share it, and asks again for the next start', async () => {
    const endpoint = 'https://idp.example/shared/authorize';
    fetchMock.mockResolvedValue(answered(400));
    await Promise.all([assertProviderAnswers(endpoint), assertProviderAnswers(endpoint), assertProviderAnswers(endpoint)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // An "up" is not kept: the next start would otherwise be sent to a provider that went down meanwhile.
    await assertProviderAnswers(endpoint);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('remembers a provider that let the timeout pass for a while, then asks again and finds it back', async () => {
    const endpoint = 'https://idp.example/silent/authorize';
    let now = 1_000_000;
    fetchMock.mockImplementationOnce(silent);
    await expect(assertProviderAnswers(endpoint, () => now)).rejects.toBeInstanceOf(ProviderUnreachable);
    now += SILENCE_REMEMBERED_MS - 1;
    await expect(assertProviderAnswers(endpoint, () => now)).rejects.toBeInstanceOf(ProviderUnreachable);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    now += 1;
    fetchMock.mockResolvedValueOnce(answered(200));
    await expect(assertProviderAnswers(endpoint, () => now)).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps no refused or dropped connection and no 5xx: a provider that is back is used at once', async () => {
    const endpoint = 'https://idp.example/back/authorize';
    fetchMock.mockImplementationOnce(dropped);
    await expect(assertProviderAnswers(endpoint)).rejects.toBeInstanceOf(ProviderUnreachable);
    fetchMock.mockResolvedValueOnce(answered(503));
    await expect(assertProviderAnswers(endpoint)).rejects.toBeInstanceOf(ProviderUnreachable);
    fetchMock.mockResolvedValueOnce(answered(302));
    await expect(assertProviderAnswers(endpoint)).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('remembers per endpoint: one silent provider does not hold back another', async () => {
    fetchMock.mockImplementationOnce(silent).mockResolvedValueOnce(answered(400));
    await expect(assertProviderAnswers('https://one.example/authorize')).rejects.toBeInstanceOf(ProviderUnreachable);
    await expect(assertProviderAnswers('https://two.example/authorize')).resolves.toBeUndefined();
  });
});
