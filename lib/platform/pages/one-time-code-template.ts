import type { Language } from '@/lib/platform/i18n/routing';
import { logger } from '@/lib/platform/observability/logger';
import { deviceAppStore, type AppStore } from '@/lib/platform/request/user-agent';
import { getConfig } from '@/lib/platform/settings/config';
import { asPageRoute, fillTemplate, flightString, htmlText, inFlightScript, readPrerenderedHtml, splitTemplate, templatesReadOnce, type FilledPage } from './screen-templates';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';

/**
 * The one-time-code view as a template (docs/decisions.md, Screens from templates): prerendered
 * once per language and device (which store leads) with a sentinel in place of each link, which
 * are settings of the running server. Each server fills it once with its own links and answers
 * every load with that page.
 */
export const ONE_TIME_CODE_DEVICES = ['appStore', 'playStore', 'other'] as const;
export type OneTimeCodeDevice = (typeof ONE_TIME_CODE_DEVICES)[number];

const LINKS = ['appStore', 'playStore', 'support'] as const;
type Link = (typeof LINKS)[number];

/** The links a template is rendered with: no address anyone links to (`.invalid` is reserved, RFC 2606). */
export const LINK_SENTINELS: Readonly<Record<Link, string>> = {
  appStore: 'https://app-store.sentinel.invalid/',
  playStore: 'https://play-store.sentinel.invalid/',
  support: 'https://support.sentinel.invalid/',
};

export function isOneTimeCodeDevice(segment: string): segment is OneTimeCodeDevice {
  return (ONE_TIME_CODE_DEVICES as readonly string[]).includes(segment);
}

export function ownStoreOf(device: OneTimeCodeDevice): AppStore | undefined {
  return device === 'other' ? undefined : device;
}

/** Each link is an `href` in the HTML and in the Flight payload. */
const holeName = (link: Link, place: 'html' | 'flight') => `${link}.${place}` as const;

function hrefHtml(url: string): string {
  return `href="${htmlText(url)}"`;
}

function hrefFlight(url: string): string {
  return inFlightScript(`"href":${flightString(url)}`);
}

const filledOnce = templatesReadOnce((key) => {
  const [language, device] = key.split('/') as [Language, OneTimeCodeDevice];
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/totp/${device}`);
  if (prerendered === undefined) return undefined;
  const html = asPageRoute(prerendered, ['', language, TEMPLATE_FOLDER, 'totp', device], [{ folder: TEMPLATE_FOLDER }, { parameter: 'device' }], ['', language, 'totp']);
  const holes = Object.fromEntries(
    LINKS.flatMap((link) => [
      [holeName(link, 'html'), { sentinel: hrefHtml(LINK_SENTINELS[link]), occurrences: 1 }],
      [holeName(link, 'flight'), { sentinel: hrefFlight(LINK_SENTINELS[link]), occurrences: 1 }],
    ]),
  );
  const split = html === undefined ? undefined : splitTemplate(html, holes);
  const { links } = getConfig();
  const filled = split && fillTemplate(split, Object.fromEntries(LINKS.flatMap((link) => [[holeName(link, 'html'), hrefHtml(links[link])], [holeName(link, 'flight'), hrefFlight(links[link])]])));
  if (!filled) logger().warn({ template: key }, 'one-time-code template not used: it did not read as expected');
  return filled;
});

/** The one-time-code view for this device, filled with this server's links; undefined without a template (a server without a build). */
export async function oneTimeCodeFromTemplate(language: Language, headers: { get(name: string): string | null }): Promise<FilledPage | undefined> {
  return filledOnce(`${language}/${deviceAppStore(headers) ?? 'other'}`);
}
