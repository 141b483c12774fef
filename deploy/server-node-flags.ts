/**
 * V8's heap for the app's server process, wherever it runs: the image (Dockerfile `CMD`), `npm
 * start`, the end-to-end servers and every Node server the bench measures.
 *
 * Without them V8 sizes its heap from the memory it sees. In the Deployment's 512 MiB it chose a
 * 259 MB heap with a 4 MB young generation, and the page rendered per request spent most of its
 * CPU collecting garbage; on a host with 24 GB it chose 4 GB with 128 MB, so the bench measured a
 * process that production never ran (docs/decisions.md, "One heap everywhere").
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=32'] as const;
