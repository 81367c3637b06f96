// Vite writes the entry's <script type=module> first and its stylesheet last in index.html. The
// browser asks for them in that order, and on an HTTP/1.1 connection (six requests at a time) the
// stylesheet the first paint waits for queued behind the scripts, which the first paint does not
// need. The built page names its stylesheets before its scripts.
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const FIRST_SCRIPT = /[ \t]*<script type="module"/;

export function stylesheetFirst(): Plugin {
  return {
    name: 'casino:stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(STYLESHEET);
        if (!sheets || !FIRST_SCRIPT.test(html)) return html;
        const rest = html.replace(STYLESHEET, '');
        const at = FIRST_SCRIPT.exec(rest)!.index;
        return (
          rest.slice(0, at) +
          sheets.map((s) => (s.endsWith('\n') ? s : `${s}\n`)).join('') +
          rest.slice(at)
        );
      },
    },
  };
}
