import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInAs } from '@/test/render-app';
import { DRAWER_STORAGE_KEY } from './use-drawer-state';

async function menuButton() {
  return screen.findByRole('button', { name: 'Menu' });
}

describe('drawer', () => {
  it('opens from the menu button and remembers that across a reload', async () => {
    const user = userEvent.setup();
    const first = renderApp('/guidelines');
    const menu = await menuButton();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(menu.getAttribute('aria-controls')).toBe(drawer.id);
    expect(drawer.hasAttribute('inert')).toBe(true);

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.hasAttribute('inert')).toBe(false);
    expect(localStorage.getItem(DRAWER_STORAGE_KEY)).toBe('true');

    first.unmount();
    renderApp('/guidelines');
    expect((await menuButton()).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).hasAttribute('inert')).toBe(
      false,
    );
  });

  it('closes on Escape and remembers it closed', async () => {
    const user = userEvent.setup();
    localStorage.setItem(DRAWER_STORAGE_KEY, 'true');
    renderApp('/feed');
    const menu = await menuButton();
    expect(menu.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(localStorage.getItem(DRAWER_STORAGE_KEY)).toBe('false');
  });

  it('marks the current page in the drawer', async () => {
    renderApp('/briefs');
    const drawer = await screen.findByRole('navigation', { name: 'Main navigation' });
    const briefs = within(drawer).getByRole('link', { name: 'Briefs' });
    await waitFor(() => expect(briefs.getAttribute('aria-current')).toBe('page'));
    expect(within(drawer).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      null,
    );
  });

  it('shows a signed-out visitor Public and Leaderboards, and a Sign In link', async () => {
    renderApp('/feed');
    const drawer = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(drawer).getByRole('list', { name: 'Public' })).toBeTruthy();
    expect(within(drawer).getByRole('list', { name: 'Leaderboards' })).toBeTruthy();
    expect(within(drawer).queryByRole('list', { name: 'Creator' })).toBeNull();
    expect(within(drawer).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth',
    );
    expect(within(drawer).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('shows an admin every section, an Account link and Sign out', async () => {
    const user = userEvent.setup();
    const { signOut } = renderApp('/feed', signedInAs('admin'));
    const drawer = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Public', 'Leaderboards', 'Creator', 'Brand', 'Admin']) {
      expect(within(drawer).getByRole('list', { name })).toBeTruthy();
    }
    expect(within(drawer).getByRole('link', { name: 'Account' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Sign In' })).toBeNull();

    await user.click(within(drawer).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
  });
});

describe('signing out', () => {
  it('takes the user home from a page that needs a session, not to /auth', async () => {
    const user = userEvent.setup();
    const { signOut, router } = renderApp('/admin/invites', signedInAs('admin'));
    const menu = await screen.findByRole('button', { name: /menu/i });
    if (menu.getAttribute('aria-expanded') === 'false') await user.click(menu);
    const drawer = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(drawer).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Platform Features' })).toBeTruthy();
  });
});

describe('bottom tab bar', () => {
  it('shows a creator Feed, Upload, My Videos and Profile', async () => {
    renderApp('/feed', signedInAs('creator'));
    const tabs = await screen.findByRole('navigation', { name: 'Tab bar' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Feed', 'Upload', 'My Videos', 'Profile']);
  });

  it('shows a signed-out visitor Feed, Briefs and Profile', async () => {
    renderApp('/briefs');
    const tabs = await screen.findByRole('navigation', { name: 'Tab bar' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Feed', 'Briefs', 'Profile']);
  });
});
