import { getAccessToken } from '@/lib/api';

/**
 * Reads a server-sent event stream until it ends (issue 7's admin counts, issue 19's analytics).
 * EventSource cannot send the bearer token, so the stream is read with fetch. `onOpen` runs once
 * the server has answered 200, `onData` with each event's data lines joined; a failed answer
 * throws, and the caller reconnects after a pause as it sees fit.
 */
export async function readEventStream(
  path: string,
  signal: AbortSignal,
  onData: (data: string) => void,
  onOpen: () => void = () => {},
): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(path, {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  onOpen();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      buffer = buffer.slice(end + 2);
      if (data) onData(data);
      end = buffer.indexOf('\n\n');
    }
  }
}
