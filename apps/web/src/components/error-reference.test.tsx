/**
 * The request id a user can quote (issue 17): ApiError keeps the server's id (error.requestId, else
 * the x-request-id header); a 5xx or an answer without the server's message shows
 * "Reference: <id>" under the state's message, which stays exactly as SPEC.md words it.
 */
import { render, screen } from '@testing-library/react';
import { TriangleAlert } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StateMessage } from '@/components/state-message';
import { ApiError, api } from '@/lib/api';
import { errorReference, serverMessage } from '@/lib/error-message';
import { jsonResponse } from '@/test/render-app';

const ID = '0b6c2f8e-5d1a-4c39-9a57-1f2e3d4c5b6a';

afterEach(() => vi.unstubAllGlobals());

async function failWith(response: Response): Promise<ApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
  const error = await api('/api/things').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the request id of a failure', () => {
  it("keeps the error body's requestId", async () => {
    const error = await failWith(
      jsonResponse(
        { error: { code: 'internal_error', message: 'Something went wrong', requestId: ID } },
        500,
      ),
    );
    expect(error).toMatchObject({ status: 500, code: 'internal_error', requestId: ID });
    expect(errorReference(error)).toBe(ID);
  });

  it("takes x-request-id when the body is not the server's (a proxy's error page)", async () => {
    const error = await failWith(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': ID } }),
    );
    expect(error).toMatchObject({ status: 502, code: 'http_502', requestId: ID });
    expect(errorReference(error)).toBe(ID);
  });

  it('shows none for a 4xx with its own message, a network failure or a non-API error', async () => {
    const refused = await failWith(
      jsonResponse({ error: { code: 'forbidden', message: 'Not allowed', requestId: ID } }, 403),
    );
    expect(refused.requestId).toBe(ID);
    expect(errorReference(refused)).toBeNull();
    expect(errorReference(new ApiError(0, 'network_error', 'Network error'))).toBeNull();
    expect(errorReference(new ApiError(500, 'internal_error', 'Oops'))).toBeNull();
    expect(errorReference(new Error('boom'))).toBeNull();
  });
});

describe('StateMessage with the failure', () => {
  it("adds 'Reference: <id>' under SPEC.md's message for a server error, selectable", () => {
    const error = new ApiError(503, 'unavailable', 'Something went wrong. Please try again.', ID);
    render(
      <StateMessage
        icon={TriangleAlert}
        tone="error"
        title={serverMessage(error, 'Error loading videos')}
        error={error}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(`Something went wrong. Please try again.Reference: ${ID}`);
    const id = screen.getByText(ID);
    expect(id.classList.contains('select-all')).toBe(true);
    const line = id.closest('p');
    expect(line?.textContent).toBe(`Reference: ${ID}`);
    expect(line?.className).toMatch(/\btext-xs\b.*\btext-muted-foreground\b/);
  });

  it('keeps the message alone for a refusal with its own message', () => {
    const error = new ApiError(403, 'forbidden', 'Not allowed', ID);
    render(
      <StateMessage icon={TriangleAlert} tone="error" title="Error loading videos" error={error} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Error loading videos');
    expect(screen.queryByText(/Reference/)).toBeNull();
  });
});
