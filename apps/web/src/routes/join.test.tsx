import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockApi, renderApp, sentBodies } from '@/test/render-app';

afterEach(() => vi.useRealTimers());

const THANKS =
  "Thank you for joining Adreel Beta! We'll contact you soon with your access details.";

async function fillJoin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name'), 'Maya Chen');
  await user.type(screen.getByLabelText('Email'), 'maya@example.com');
  await user.type(screen.getByLabelText(/Notes/), 'I make skate videos');
}

describe('join', () => {
  it('offers creator, brand and viewer with creator chosen, and a link to sign in', async () => {
    renderApp('/join');
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Creator'),
      expect.stringContaining('Brand'),
      expect.stringContaining('Viewer'),
    ]);
    expect(screen.getByRole('radio', { name: /Creator/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
  });

  it('thanks the visitor, clears the form and goes home after 1.5 seconds', async () => {
    const fetchMock = mockApi({
      'POST /api/access-requests': jsonResponse({ status: 'created', message: THANKS }, 201),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/join');
    await fillJoin(user);
    await user.click(screen.getByRole('radio', { name: /Brand/ }));

    vi.useFakeTimers();
    await act(async () => {
      screen.getByRole('button', { name: /Request Access/ }).click();
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(screen.getByText(THANKS)).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Notes/) as HTMLTextAreaElement).value).toBe('');
    expect(sentBodies(fetchMock, 'POST /api/access-requests')).toEqual([
      { name: 'Maya Chen', email: 'maya@example.com', role: 'brand', notes: 'I make skate videos' },
    ]);

    await act(() => vi.advanceTimersByTimeAsync(1_499));
    expect(router.state.navigation.state).toBe('idle');
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The home page's code is loading: the navigation has started.
    expect(router.state.navigation.location?.pathname ?? router.state.location.pathname).toBe('/');
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the answer for an email that already asked', async () => {
    const message = "You've already asked to join. We'll be in touch soon.";
    mockApi({
      'POST /api/access-requests': jsonResponse({ status: 'already_requested', message }),
    });
    const user = userEvent.setup();
    renderApp('/join');
    await fillJoin(user);
    await user.click(screen.getByRole('button', { name: /Request Access/ }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("says 'Error submitting request' and keeps the form when the request fails", async () => {
    mockApi({ 'POST /api/access-requests': errorResponse(500, 'internal', 'boom') });
    const user = userEvent.setup();
    const { router } = renderApp('/join');
    await fillJoin(user);
    await user.click(screen.getByRole('button', { name: /Request Access/ }));
    expect(await screen.findByText('Error submitting request')).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Maya Chen');
    expect(router.state.location.pathname).toBe('/join');
  });

  it('asks for a name first', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderApp('/join');
    await user.click(await screen.findByRole('button', { name: /Request Access/ }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
