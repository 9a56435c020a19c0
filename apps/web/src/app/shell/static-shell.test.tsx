/**
 * index.html carries the top bar as the app first paints it, shown until the app's code has run (a
 * phone on a slow network sees the app at once, not a blank page). It must be the app's own top bar,
 * or the page would jump when the app takes over: this renders the app's and compares.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

const indexHtml = readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');

/** Markup compared as the browser lays it out: ids, link state and whitespace between tags aside. */
function normalize(html: string): string {
  return html
    .replace(/\s(aria-controls|data-discover|data-app-name|inert)="[^"]*"/g, '')
    .replace(/\sid="[^"]*"/g, '')
    .replace(/url\(#[^)]*\)/g, 'url(#)')
    .replace(/>\s+</g, '><')
    .trim();
}

describe('the static top bar in index.html', () => {
  const page = new DOMParser().parseFromString(indexHtml, 'text/html');
  const shell = page.querySelector('#root > [data-static-shell]');

  it('is inert, so nobody can use it before the app has taken over', () => {
    expect(shell?.hasAttribute('inert')).toBe(true);
    expect(shell?.querySelector('[data-app-name]')?.textContent).toBe('Adreel');
  });

  it("is the app's top bar as it first paints (signed out, session being checked)", async () => {
    renderApp('/guidelines', { status: 'loading' });
    await screen.findByRole('button', { name: 'Menu' });
    const appHeader = document.querySelector('header');
    expect(normalize(shell?.querySelector('header')?.outerHTML ?? '')).toBe(
      normalize(appHeader?.outerHTML ?? 'no header'),
    );
  });
});
