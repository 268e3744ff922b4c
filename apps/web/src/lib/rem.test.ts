import { describe, expect, it } from 'vitest';
import { installRootFontSize, rootFontSize } from './rem';

describe('root font size (spec §9)', () => {
  it('is the device width divided by 23.4375', () => {
    expect(rootFontSize(375)).toBe(16);
    expect(rootFontSize(390)).toBeCloseTo(16.64, 5);
    expect(rootFontSize(750)).toBe(32);
  });

  it('caps the width at 960', () => {
    expect(rootFontSize(960)).toBe(40.96);
    expect(rootFontSize(1920)).toBe(40.96);
  });

  it('falls back to a 375 px base when the width is unknown', () => {
    expect(rootFontSize(0)).toBe(16);
    expect(rootFontSize(undefined)).toBe(16);
    expect(rootFontSize(Number.NaN)).toBe(16);
  });

  it('applies on install and on every resize', () => {
    let width = 390;
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, get: () => width });
    const remove = installRootFontSize(window);
    expect(document.documentElement.style.fontSize).toBe(`${390 / 23.4375}px`);
    width = 1280;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('40.96px');
    remove();
    width = 375;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('40.96px');
  });
});
