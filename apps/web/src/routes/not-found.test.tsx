import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('404 page', () => {
  it('answers an unknown path and leads back home', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/this/does/not/exist');
    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();

    const home = screen.getByRole('link', { name: 'Return to Home' });
    expect(home.getAttribute('href')).toBe('/');
    await user.click(home);
    expect(await screen.findByRole('heading', { name: 'Platform Features' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
