export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const pageStyle = `
  :root { color-scheme: light; --blue: #016ff6; --ink: #1d2433; --muted: #5f6b7a; --line: #e3e7ee; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #f5f7fa; }
  main { max-width: 860px; margin: 40px auto; padding: 0 20px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .note { color: var(--muted); margin: 0 0 24px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { background: #eef2f8; font-weight: 600; }
  tr:last-child td { border-bottom: 0; }
  a { color: var(--blue); }
  a.button { display: inline-block; padding: 6px 12px; border-radius: 6px; background: var(--blue); color: #fff; text-decoration: none; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; word-break: break-all; }
  details summary { cursor: pointer; color: var(--muted); font-size: 12px; }
  .empty { padding: 24px; background: #fff; border: 1px dashed var(--line); border-radius: 8px; color: var(--muted); }
  /* Long addresses, links and cookie values wrap anywhere rather than widen the page. */
  td, th, .note { overflow-wrap: anywhere; }
  /* A phone (375 px): each row of a table.stacked becomes a card, its header a label above each value. */
  @media (max-width: 640px) {
    main { margin: 20px auto; padding: 0 12px; }
    table.stacked, table.stacked tbody, table.stacked tr, table.stacked td { display: block; width: 100%; }
    table.stacked thead { display: none; }
    table.stacked tr { padding: 8px 0; border-bottom: 1px solid var(--line); }
    table.stacked tr:last-child { border-bottom: 0; }
    table.stacked td { padding: 4px 12px; border: 0; }
    table.stacked td[data-label]::before { content: attr(data-label); display: block; color: var(--muted); font-size: 12px; }
  }
`;

export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${pageStyle}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}
