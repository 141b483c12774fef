import { z } from 'zod';
import type { Config } from '@/lib/platform/settings/config';
import type { Language } from '@/lib/vocabulary/languages';
import { BASE_PATH } from '@/lib/vocabulary/base-path';

/**
 * The links a screen shows that lead out of the app (privacy, pricing, …). They are settings of
 * the running server, not of the build: a screen names a link by its path here, and
 * `app/[lang]/links/[name]` sends the browser to the address configured now. So one build, its
 * pages prerendered, serves every environment (docs/decisions.md, Pages, forms and scripts).
 */
export const linkName = z.enum(['privacy', 'support', 'app-store', 'play-store', 'sales', 'pricing', 'free-trial', 'demo']);
export type LinkName = z.infer<typeof linkName>;

export function configuredLink(links: Config['links'], name: LinkName, language: Language): string {
  switch (name) {
    case 'privacy':
      return links.privacy;
    case 'support':
      return links.support;
    case 'app-store':
      return links.appStore;
    case 'play-store':
      return links.playStore;
    case 'sales':
      return links.sales;
    case 'pricing':
      return links.pricing[language];
    case 'free-trial':
      return links.freeTrial;
    case 'demo':
      return links.demo;
  }
}

/** Where a screen's link points: the same for every deployment, resolved when it is followed. */
export function linkPath(name: LinkName, language: Language): string {
  return `${BASE_PATH}/${language}/links/${name}`;
}
