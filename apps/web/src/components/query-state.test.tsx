import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import { QueryError, type QueryLike, QueryState } from './query-state';

function query<T>(overrides: Partial<QueryLike<T>>): QueryLike<T> {
  return {
    data: undefined,
    error: null,
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: vi.fn(),
    ...overrides,
  };
}

function renderList(q: QueryLike<string[]>) {
  return render(
    <QueryState
      query={q}
      loading={<p role="status">Loading names</p>}
      error={{ title: (error) => serverMessage(error, 'Names could not be loaded') }}
      isEmpty={(names) => names.length === 0}
      empty={<p>No names yet</p>}
    >
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows the loading state while the query is pending', () => {
    renderList(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading names');
  });

  it('shows the content, or the empty state when the answer holds nothing', () => {
    const { unmount } = renderList(query({ data: ['ann', 'bob'] }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['ann', 'bob']);
    unmount();
    renderList(query({ data: [] }));
    expect(screen.getByText('No names yet')).toBeTruthy();
  });

  it('says what failed with the reference to quote, and tries again on request', async () => {
    const refetch = vi.fn();
    renderList(
      query({
        isError: true,
        error: new ApiError(503, 'http_503', 'Service Unavailable', 'req-42'),
        refetch,
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Names could not be loaded');
    expect(alert.textContent).toContain('req-42');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the server’s own message for a refusal it explained, with no reference', () => {
    renderList(
      query({ isError: true, error: new ApiError(403, 'forbidden', 'Not yours', 'req-7') }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Not yours');
    expect(screen.queryByText(/req-7/)).toBeNull();
  });
});

describe('QueryError inline', () => {
  it('waits while the retry is under way', () => {
    render(
      <QueryError
        variant="inline"
        error={new Error('offline')}
        title="Your sessions can't be loaded right now."
        onRetry={() => {}}
        retrying
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      "Your sessions can't be loaded right now.",
    );
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
