import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('shows initials on the hashed colour while there is no picture', () => {
    render(<UserAvatar full_name="Jane Doe" email="jane@example.com" size="xl" />);
    const initials = screen.getByText('JD');
    // Pinned values for the seed 'jane@example.com' (the e-mail, not the name): hsl(284 70% 43%) with white text.
    expect(initials.style.backgroundColor).toBe('rgb(146, 33, 186)');
    expect(initials.style.color).toBe('rgb(255, 255, 255)');
    expect(initials.closest('[aria-hidden="true"]')?.className).toContain('size-11');
  });

  it('uses the first syllable of a Hangul name and ? without a name', () => {
    const { rerender } = render(<UserAvatar full_name="홍길동" email="hong@example.com" />);
    expect(screen.getByText('홍')).toBeTruthy();
    rerender(<UserAvatar full_name="" email="nobody@example.com" size="xs" />);
    expect(screen.getByText('?')).toBeTruthy();
  });
});
