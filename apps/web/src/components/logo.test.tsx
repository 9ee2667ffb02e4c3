import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Logo } from './logo';

describe('Logo', () => {
  it('draws a right-sized copy per screen density, not the 256 px original', () => {
    renderWithProviders(<Logo size={36} />);
    const img = screen.getByRole('img', { name: 'Logo' });
    const src = img.getAttribute('src') ?? '';
    expect(src).toMatch(/\/logo-64[^\s,]*\.png/);
    expect(src).not.toContain('/media/logos/logo.png');
    const densities = (img.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(/\s+/));
    expect(densities.map(([, d]) => d)).toEqual(['1x', '2x', '3x']);
    expect(densities[0]?.[0]).toBe(src);
    expect(densities[1]?.[0]).toMatch(/\/logo-128[^\s,]*\.png/);
    expect(densities[2]?.[0]).toMatch(/\/logo-192[^\s,]*\.png/);
    expect(img.style.height).toContain('2.25rem');
  });
});
