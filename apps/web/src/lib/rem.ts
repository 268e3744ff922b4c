import { FALLBACK_BASE_WIDTH, MAX_LAYOUT_WIDTH, ROOT_FONT_DIVISOR } from '@bourse/contract';

/**
 * Root font size of spec §9: device width / 23.4375 (16 px at 375 px), the width capped at 960 px, and 375 px when
 * the width is unknown. Layout sizes are in rem, so the page scales with the phone.
 */
export function rootFontSize(width: number | undefined): number {
  const w = width !== undefined && Number.isFinite(width) && width > 0 ? width : FALLBACK_BASE_WIDTH;
  return Math.min(w, MAX_LAYOUT_WIDTH) / ROOT_FONT_DIVISOR;
}

/** Applies the rule now and on every resize or rotation; returns the remover. */
export function installRootFontSize(win: Window = window): () => void {
  const apply = () => {
    const width = win.document.documentElement.clientWidth || win.innerWidth;
    win.document.documentElement.style.fontSize = `${rootFontSize(width)}px`;
  };
  apply();
  win.addEventListener('resize', apply);
  win.addEventListener('orientationchange', apply);
  return () => {
    win.removeEventListener('resize', apply);
    win.removeEventListener('orientationchange', apply);
  };
}
