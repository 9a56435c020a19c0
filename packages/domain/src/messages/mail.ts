/** Words every mail says the same way. The HTML part passes the name already escaped. */
export function mailGreeting(name: string): string {
  return `Hi ${name},`;
}

/** The line of a moderation mail that points to the rules (plain-text part). */
export function mailGuidelinesLine(guidelinesUrl: string): string {
  return `Our Community Guidelines: ${guidelinesUrl}`;
}
