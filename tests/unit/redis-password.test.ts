import { parseURL } from 'ioredis/built/utils';
import { redisPasswordOf } from '@/lib/platform/settings/secret-rules';

/**
 * The password lib/platform/shared-store/store.ts sends is the one ioredis reads from REDIS_URL,
 * so the settings judge exactly that one: each URL here is read by ioredis's own parser beside
 * ours, and both must give the password written in the row.
 */
describe('the Redis password of REDIS_URL, as ioredis reads it', () => {
  it.each<[string, string | undefined]>([
    ['redis://redis.internal:6379', undefined],
    ['redis://:p4ssw0rd@redis.internal:6379', 'p4ssw0rd'],
    ['rediss://desk-login:p4ssw0rd@redis.example.com:6380/2', 'p4ssw0rd'],
    ['rediss://desk-login:p%40ss%2Fw%3Ard%25@redis.example.com:6380', 'p@ss/w:rd%'],
    ['rediss://desk-login:%E2%82%AC-euro@redis.example.com', '€-euro'],
    ['rediss://redis.example.com:6380?password=from-the-query', 'from-the-query'],
    ['rediss://redis.example.com:6380/1?db=1&password=from%20the%2Bquery', 'from the+query'],
    ['rediss://redis.example.com:6380?password=plus+is+a+space', 'plus is a space'],
    ['rediss://redis.example.com:6380?password=first&password=last', 'last'],
    ['rediss://desk-login:from-the-userinfo@redis.example.com?password=from-the-query', 'from-the-userinfo'],
    // A user name alone: ioredis sends an empty password, never the query's.
    ['rediss://desk-login@redis.example.com?password=from-the-query', ''],
    ['rediss://:@redis.example.com?password=from-the-query', 'from-the-query'],
    ['REDISS://desk-login:Upper-Case-Scheme@redis.example.com', 'Upper-Case-Scheme'],
  ])('%s', (url, password) => {
    expect(parseURL(url).password).toBe(password);
    expect(redisPasswordOf(url)).toBe(password);
  });

  it('cannot be read from a malformed percent-encoding, by ioredis or by the settings', () => {
    const url = 'rediss://desk-login:100%zz@redis.example.com';
    expect(() => parseURL(url)).toThrow(URIError);
    expect(() => redisPasswordOf(url)).toThrow(URIError);
  });
});
