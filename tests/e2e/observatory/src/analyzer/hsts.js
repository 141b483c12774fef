// Modified for the desk-booking tests: the preload list (conf/hsts-preload.json, which the
// Observatory downloads from Chromium's source at deploy time) is not shipped, so no host
// counts as preloaded. The hosts scanned here end in .test, which no preload list can hold.

/** @import { Site } from "../site.js" */

/**
 * @type {import("../types.js").Hsts}
 */
const hstsMap = new Map();

/**
 * @returns {import("../types.js").Hsts}
 */
export function hsts() {
  return hstsMap;
}

/**
 *
 * @param {Site} site
 * @returns {import("../types.js").Hst | null}
 */
export function isHstsPreloaded(site) {
  const h = hsts();
  const hostname = site.hostname;

  // Check if the hostname is in the HSTS list with the right mode
  const existing = h.get(hostname);
  if (existing && existing.mode === "force-https") {
    return existing;
  }

  // Either the hostname is in the list *or* the TLD is and includeSubDomains is true
  const hostParts = hostname.split(".");

  // If hostname is foo.bar.baz.mozilla.org, check bar.baz.mozilla.org,
  // baz.mozilla.org, mozilla.org, and.org
  for (hostParts.shift(); hostParts.length > 0; hostParts.shift()) {
    const domain = hostParts.join(".");
    const exist = h.get(domain);
    if (exist && exist.mode === "force-https" && exist.includeSubDomains) {
      return exist;
    }
  }
  return null;
}
