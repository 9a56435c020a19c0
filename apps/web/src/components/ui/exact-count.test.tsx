import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExactCount } from './exact-count';

describe('ExactCount', () => {
  it('shows the count in thousands and reads it out in full', () => {
    render(
      <p data-testid="count">
        <ExactCount count={1234} one="like" many="likes" />
      </p>,
    );
    expect(screen.getByText('1.2K').getAttribute('aria-hidden')).toBe('true');
    const exact = screen.getByText('1,234 likes');
    expect(exact.className).toContain('sr-only');
    expect(exact.getAttribute('aria-hidden')).toBeNull();
  });

  it('tells 0 from 49, which both show as 0.0K', () => {
    render(
      <>
        <ExactCount count={0} one="view" many="views" shown="0.0K views" />
        <ExactCount count={49} one="view" many="views" shown="0.0K views" />
        <ExactCount count={1} one="view" many="views" />
      </>,
    );
    expect(screen.getAllByText('0.0K views')).toHaveLength(2);
    expect(screen.getByText('0 views')).toBeTruthy();
    expect(screen.getByText('49 views')).toBeTruthy();
    expect(screen.getByText('1 view')).toBeTruthy();
  });
});
