import { render, screen } from '@testing-library/react';
import { Eye } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { StatTile } from './stat-tile';

describe('StatTile', () => {
  it('is a name-value group of its <dl>: a <div> holding the <dt> and the <dd> directly', () => {
    const { container } = render(
      <dl>
        <StatTile label="Total Views" icon={Eye} value="1.2K" />
      </dl>,
    );
    const group = container.querySelector('dl > div');
    expect(group?.querySelector(':scope > dt')?.textContent).toBe('Total Views');
    expect(group?.querySelector(':scope > dd')?.textContent).toBe('1.2K');
    expect(container.querySelectorAll('dt, dd')).toHaveLength(2);
  });

  it('reads out the exact figure where the value rounds it', () => {
    render(
      <dl>
        <StatTile label="Total Views" icon={Eye} value="1.2K" exact={1234} />
      </dl>,
    );
    expect(screen.getByText('1.2K').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('1,234').className).toContain('sr-only');
  });
});
