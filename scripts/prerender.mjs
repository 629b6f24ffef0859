#!/usr/bin/env node
// Writes every public page as static HTML (real content for search engines and a fast first paint),
// and a manifest the server uses for /sitemap.xml. Absolute URLs use the placeholder %BASE_URL%,
// which the server replaces with its BASE_URL when it serves the page.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const webRoot = path.resolve('dist/web');
const outRoot = path.join(webRoot, 'prerendered');
const entry = await import(pathToFileURL(path.resolve('dist/prerender/prerender-entry.js')).href);
const template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headTags(target) {
  const url = `%BASE_URL%${target.path === '/' ? '/' : target.path}`;
  const title = escapeHtml(target.title);
  const description = escapeHtml(target.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Sonoscript" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ];
  if (target.noindex) tags.push('<meta name="robots" content="noindex" />');
  for (const data of target.structuredData ?? []) {
    tags.push(
      `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
    );
  }
  return tags.join('\n    ');
}

const manifest = [];
for (const target of entry.PRERENDER_TARGETS) {
  const body = await entry.renderPage(target.path);
  const html = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace('</head>', `  ${headTags(target)}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="true">${body}</div>`);
  const file = path.join(outRoot, target.path, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  manifest.push({ path: target.path, noindex: target.noindex });
}
writeFileSync(path.join(outRoot, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`prerendered ${manifest.length} public pages`);
