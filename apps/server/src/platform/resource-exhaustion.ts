/**
 * A fault of the machine, not of the work (issue 25 item 3, decision 037): the process or the system
 * ran out of file descriptors (EMFILE, ENFILE), processes or memory (EAGAIN, ENOMEM), a child
 * process could not be started at all (a failed spawn), or the kernel killed one (SIGKILL that we did
 * not send: the OOM killer). The same work succeeds once the pressure has passed, so a job that hits
 * one is retried, never failed for good, and an upload that hits one is kept for later, never
 * refused as a broken file.
 */

const EXHAUSTED_CODES = new Set(['EMFILE', 'ENFILE', 'EAGAIN', 'ENOMEM']);

/** How ffmpeg and ffprobe report those errors of their own (strerror), in the stderr we are given. */
const EXHAUSTED_TEXT =
  /Too many open files|Cannot allocate memory|Resource temporarily unavailable/;

function field(value: object, key: string): unknown {
  return key in value ? (value as Record<string, unknown>)[key] : undefined;
}

/** Whether `error`, or an error it was caused by, is the machine running out of something. */
export function isResourceExhaustion(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let current: unknown = error;
    typeof current === 'object' && current !== null && !seen.has(current);
    current = field(current, 'cause')
  ) {
    seen.add(current);
    const code = field(current, 'code');
    if (typeof code === 'string' && EXHAUSTED_CODES.has(code)) return true;
    // child_process: the spawn itself failed (its syscall is "spawn <file>"), whatever the errno.
    const syscall = field(current, 'syscall');
    if (typeof syscall === 'string' && syscall.startsWith('spawn')) return true;
    // Killed by a SIGKILL that execFile did not send (a timeout or maxBuffer sends SIGTERM).
    if (field(current, 'signal') === 'SIGKILL' && field(current, 'killed') !== true) return true;
    const message = field(current, 'message');
    if (typeof message === 'string' && EXHAUSTED_TEXT.test(message)) return true;
  }
  return false;
}
