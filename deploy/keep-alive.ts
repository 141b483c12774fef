/**
 * How long the app's server keeps an idle connection from the proxy when KEEP_ALIVE_TIMEOUT is
 * unset; the standalone server.js sets it (deploy/assemble-standalone.mjs).
 *
 * nginx drops an idle connection to the app after 4 s (deploy/nginx). Node's own 5 s left a
 * second between the two: on a saturated machine an instance's event loop, busy rendering, ran
 * its expired keep-alive timer before it read a form post nginx had just written to that
 * connection, and reset it (a 502; docs/decisions.md). A minute more than nginx's covers any stall
 * an instance survives; the connections themselves are nginx's to close.
 */
export const APP_KEEP_ALIVE_MS = 65_000;
