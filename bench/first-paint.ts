import { median } from './load.ts';

/** Issue 50: a screen's largest contentful paint at most 5 % after its own markup as plain HTML. */
export const LCP_OVER_PLAIN_LIMIT = 1.05;

export type LcpAgainstPlain = {
  screenMs: number;
  plainMs: number;
  /** Each round's screen run over the plain HTML's run of the same round. */
  roundRatios: number[];
  /** The median of the rounds' ratios: the verdict's number. */
  ratio: number;
  holds: boolean;
};

/**
 * A screen's largest contentful paint against its plain HTML's, from runs made alternately (round
 * `i` of one beside round `i` of the other). The rounds are compared pair by pair: a run's paint
 * moves by more than 5 % with how busy the shared machine is at that moment, and the two runs of
 * a round share that moment, where two separate medians need not.
 */
export function lcpAgainstPlain(screenRuns: number[], plainRuns: number[]): LcpAgainstPlain {
  if (screenRuns.length !== plainRuns.length) throw new Error(`${screenRuns.length} runs of the screen do not pair with ${plainRuns.length} of its plain HTML`);
  if (screenRuns.length === 0) throw new Error('no round measured');
  const roundRatios = screenRuns.map((screen, round) => screen / (plainRuns[round] ?? Number.NaN));
  const ratio = median(roundRatios);
  return { screenMs: median(screenRuns), plainMs: median(plainRuns), roundRatios, ratio, holds: ratio <= LCP_OVER_PLAIN_LIMIT };
}
