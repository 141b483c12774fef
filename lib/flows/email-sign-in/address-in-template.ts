import { flightString, htmlText, inFlightScript, type TemplateHole } from '@/lib/platform/pages/screen-templates';
import { addressParts } from '@/lib/vocabulary/email-address';

/**
 * The person's address in a screen's template (docs/decisions.md, Screens from templates): the
 * sentinel a template is rendered with, and the address written as components/ui/email-address.tsx
 * renders it, to HTML and to React Flight's JSON, so that a filled screen is the screen rendered
 * per request.
 */

/** The address a template is rendered with: no address a person types (`.invalid` is reserved, RFC 2606). */
export const ADDRESS_SENTINEL = 'templateaddress@sentinel.invalid';

/** The longest address a template carries: the longest the form takes (lib/vocabulary/validation.ts); a longer one is rendered per request. */
export const ADDRESS_MAX_LENGTH = 254;

const FRAGMENT_ROW = /(?:\[1,"|\\n)([0-9a-f]+):\\"\$Sreact\.fragment\\"/;

/** The row of React's Fragment in a template's Flight payload, which the address is written with; undefined without one. */
export function fragmentRowOf(html: string): string | undefined {
  return FRAGMENT_ROW.exec(html)?.[1];
}

/** The holes of an address shown `occurrences` times: in the HTML, and in the Flight payload. */
export function addressHoles(fragment: string, occurrences: number): { address: TemplateHole; addressInFlight: TemplateHole } {
  return {
    address: { sentinel: addressHtml(ADDRESS_SENTINEL), occurrences },
    addressInFlight: { sentinel: inFlightScript(addressFlight(ADDRESS_SENTINEL, fragment)), occurrences },
  };
}

/** What goes into the holes of addressHoles. */
export function addressValues(email: string, fragment: string): { address: string; addressInFlight: string } {
  return { address: addressHtml(email), addressInFlight: inFlightScript(addressFlight(email, fragment)) };
}

/** The address as components/ui/email-address.tsx renders it to HTML. */
export function addressHtml(email: string): string {
  const { name, domain } = addressParts(email);
  return `<span class="wrap-anywhere"><span class="inline-block max-w-full">${withBreaksHtml(name)}</span><wbr/>${withBreaksHtml(domain)}</span>`;
}

function withBreaksHtml(parts: string[]): string {
  return parts.map(htmlText).join('<wbr/>');
}

/** The address as components/ui/email-address.tsx renders it to React Flight's JSON; `fragment`, the payload's row of React's Fragment. */
export function addressFlight(email: string, fragment: string): string {
  const { name, domain } = addressParts(email);
  return `["$","span",null,{"className":"wrap-anywhere","children":[["$","span",null,{"className":"inline-block max-w-full","children":${withBreaksFlight(name, fragment)}}],["$","wbr",null,{}],${withBreaksFlight(domain, fragment)}]}]`;
}

function withBreaksFlight(parts: string[], fragment: string): string {
  const keyed = parts.map((part, index) => `["$","$${fragment}","${index}",{"children":[${index > 0 ? '["$","wbr",null,{}]' : 'false'},${flightString(part)}]}]`);
  return `[${keyed.join(',')}]`;
}
