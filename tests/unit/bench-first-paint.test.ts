import { LCP_OVER_PLAIN_LIMIT, lcpAgainstPlain } from '@/bench/first-paint';
import type { LighthouseRun } from '@/bench/lighthouse';
import { plainHtml } from '@/bench/plain-html';
import { firstPaintAgainstPlainSection } from '@/bench/report';

/**
 * Issue 50: every screen's largest contentful paint within 5 % of its own markup served as plain
 * HTML. The bench loads the screen and its plain HTML alternately, a round at a time; the verdict
 * compares each round's two runs, so that the machine's busier moments fall on both.
 */
describe('a screen’s largest contentful paint against its plain HTML', () => {
  it('holds within 5 % and is missed beyond it', () => {
    expect(LCP_OVER_PLAIN_LIMIT).toBe(1.05);
    expect(lcpAgainstPlain([840, 700, 1000], [800, 690, 980])).toMatchObject({ holds: true });
    expect(lcpAgainstPlain([900, 760, 1100], [800, 690, 980])).toMatchObject({ holds: false });
  });

  it('judges the rounds pair by pair, not the medians of two separate sets', () => {
    // Each round the screen paints 10 % after its plain HTML, while the machine slows down and
    // speeds up: the medians of the two sets alone (850 against 840) would call it within 5 %.
    const plain = [700, 840, 1000];
    const screen = [770, 850, 1100];
    const verdict = lcpAgainstPlain(screen, plain);
    expect(verdict.screenMs).toBe(850);
    expect(verdict.plainMs).toBe(840);
    expect(verdict.roundRatios.map((ratio) => ratio.toFixed(3))).toEqual(['1.100', '1.012', '1.100']);
    expect(verdict.ratio).toBeCloseTo(1.1);
    expect(verdict.holds).toBe(false);
  });

  it('refuses rounds that do not pair up', () => {
    expect(() => lcpAgainstPlain([800, 900], [800])).toThrow(/pair/);
    expect(() => lcpAgainstPlain([], [])).toThrow(/no round/);
  });
});

describe('the first-paint table of a report', () => {
  const run = (lcpMs: number): LighthouseRun => ({
    performance: 90,
    accessibility: 100,
    bestPractices: 100,
    fcpMs: lcpMs,
    lcpMs,
    renderBlocking: [],
    tbtMs: 0,
    cls: 0,
    lcpBreakdown: { timeToFirstByteMs: 40, resourceLoadDelayMs: 0, resourceLoadDurationMs: 0, elementRenderDelayMs: lcpMs - 40 },
    benchmarkIndex: 1000,
    failed: [],
  });
  const lighthouse = {
    applied: new Map([
      ['mail-sent', [run(1000), run(1100), run(1050)]],
      ['invite', [run(1200), run(1300), run(1250)]],
      ['sign-up', [run(900)]],
    ]),
    plainApplied: new Map([
      ['mail-sent', [run(990), run(1080), run(1040)]],
      ['invite', [run(1000), run(1100), run(1050)]],
    ]),
  };

  it('has a row for each screen measured beside its plain HTML, with the rounds and the verdict', () => {
    const rows = firstPaintAgainstPlainSection(['mail-sent', 'invite', 'sign-up'], lighthouse, 3).filter((line) => /^\| (?!screen)[a-z]/.test(line));
    expect(rows).toEqual([
      '| mail-sent | 1050 ms (1000, 1100, 1050) | 1040 ms (990, 1080, 1040) | 1.010 (1.01, 1.02, 1.01) | 40 ms / 1010 ms | 40 ms / 1000 ms | holds |',
      '| invite | 1250 ms (1200, 1300, 1250) | 1050 ms (1000, 1100, 1050) | 1.190 (1.20, 1.18, 1.19) | 40 ms / 1210 ms | 40 ms / 1010 ms | **missed** |',
    ]);
  });

  it('is left out when no screen was measured beside its plain HTML', () => {
    expect(firstPaintAgainstPlainSection(['sign-up'], lighthouse, 3)).toEqual([]);
    expect(firstPaintAgainstPlainSection(['mail-sent'], lighthouse, 3).join('\n')).toContain('3 rounds');
  });
});

describe('a screen’s plain HTML', () => {
  it('keeps the markup and drops every script and script preload', () => {
    const rendered =
      '<html><head><style>p{}</style><link rel="preload" as="script" href="/a.js"/><script src="/a.js" async=""></script></head>' +
      '<body><main><h1>Sign in</h1></main><script>self.__next_f.push([1,"x"])</script></body></html>';
    expect(plainHtml(rendered)).toBe('<html><head><style>p{}</style></head><body><main><h1>Sign in</h1></main></body></html>');
  });
});
