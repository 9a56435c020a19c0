import { getNonce } from 'get-nonce';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPageStyleNonce, pageStyleNonce } from './style-nonce';

afterEach(() => {
  for (const meta of document.querySelectorAll('meta[property="csp-nonce"]')) meta.remove();
});

function addMeta(nonce: string) {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.setAttribute('nonce', nonce);
  document.head.append(meta);
}

describe('the page style nonce', () => {
  it('is none without the element the server puts in the page', () => {
    expect(pageStyleNonce()).toBeUndefined();
  });

  it("is handed to get-nonce, which the dialogs' scroll lock asks for its <style>", () => {
    addMeta('r4nd0m+N0nce/==');
    expect(pageStyleNonce()).toBe('r4nd0m+N0nce/==');
    applyPageStyleNonce();
    expect(getNonce()).toBe('r4nd0m+N0nce/==');
  });
});
