/** Text as HTML: what a configured name, a message or a player's words cannot break out of. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A value as JavaScript inside a `<script>` element: `<` escaped, so no string can close it. */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
