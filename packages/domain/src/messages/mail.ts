/** Words every mail says the same way. The HTML part passes the name already escaped. */
export function mailGreeting(name: string): string {
  return `Hi ${name},`;
}
