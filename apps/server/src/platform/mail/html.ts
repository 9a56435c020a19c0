/** Text that goes into a mail's HTML body: user input must never become markup. */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** A subject is one header line: line breaks in user input (a name) must not start another. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}
