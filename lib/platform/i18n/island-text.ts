import { getMessages, getTranslations } from 'next-intl/server';
import type { Messages } from './messages';

type Namespace = keyof Messages;
type Key<N extends Namespace> = keyof Messages[N] & string;

/**
 * Messages of a namespace translated on the server, for a client island: islands get finished
 * strings, so next-intl's client runtime and its ICU formatter stay out of the browser. Only
 * plain messages: one with an argument or a tag is rendered by the page (`t.rich`) and passed
 * as a node. Without `keys`, the whole namespace (e.g. every error an action may report).
 */
export async function islandText<N extends Namespace, K extends Key<N> = Key<N>>(
  namespace: N,
  keys?: readonly K[],
): Promise<Record<K, string>> {
  const [t, messages] = await Promise.all([getTranslations(namespace), getMessages()]);
  const translate = t as unknown as (key: string) => string;
  const chosen = keys ?? (Object.keys(messages[namespace]) as K[]);
  return Object.fromEntries(chosen.map((key) => [key, translate(key)])) as Record<K, string>;
}
