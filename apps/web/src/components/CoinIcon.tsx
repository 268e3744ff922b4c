import { type ReactNode, useId } from 'react';
import './coin-icon.css';

/**
 * Coin logos drawn for Bourse (32 × 32, no image downloads, crisp at any size): the coins a fresh install lists
 * (apps/server/src/modules/ledger/assets.ts) and the platform token. Brand colours are data, not theme: the same in
 * dark and light. An unknown coin gets its initial on a neutral disc.
 */
type Glyph = (gradientId: string) => ReactNode;

const WHITE = '#fff';

const GLYPHS: Readonly<Record<string, Glyph>> = {
  USDT: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="#26a17b" />
      <path d="M8.6 8.3h14.8v3.6h-5.55V24h-3.7V11.9H8.6z" fill={WHITE} />
      <ellipse cx="16" cy="15.4" rx="8.3" ry="2.5" fill="none" stroke={WHITE} strokeWidth="1.5" />
    </>
  ),
  BTC: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="#f7931a" />
      <g transform="rotate(14 16 16)" fill={WHITE}>
        <path
          fillRule="evenodd"
          d="M11 9h6.2c2.6 0 4.2 1.4 4.2 3.5 0 1.4-.8 2.5-2 2.9 1.6.4 2.6 1.6 2.6 3.2 0 2.4-1.8 3.9-4.6 3.9H11zm2.8 2.3v3.5h3c1.2 0 1.9-.7 1.9-1.75s-.7-1.75-1.9-1.75zm0 5.7v3.9h3.4c1.3 0 2.1-.75 2.1-1.95S18.5 17 17.2 17z"
        />
        <path d="M13.6 6.9h1.7v2.6h-1.7zm3 0h1.7v2.6h-1.7zm-3 15.6h1.7v2.6h-1.7zm3 0h1.7v2.6h-1.7z" />
      </g>
    </>
  ),
  ETH: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="#627eea" />
      <path d="M16 4.5v8.3l7 3.1z" fill={WHITE} fillOpacity=".6" />
      <path d="M16 4.5 9 15.9l7-3.1z" fill={WHITE} />
      <path d="M16 21.3v5.9l7-9.7z" fill={WHITE} fillOpacity=".6" />
      <path d="M16 27.2v-5.9l-7-3.8z" fill={WHITE} />
      <path d="m16 19.9 7-4-7-3.1z" fill={WHITE} fillOpacity=".2" />
      <path d="m9 15.9 7 4v-7.1z" fill={WHITE} fillOpacity=".6" />
    </>
  ),
  BNB: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="#f3ba2f" />
      <path
        d="m16 6.6 5.3 5.3-2.1 2.1-3.2-3.2-3.2 3.2-2.1-2.1zm0 18.8-5.3-5.3 2.1-2.1 3.2 3.2 3.2-3.2 2.1 2.1zM16 13.1l2.9 2.9-2.9 2.9-2.9-2.9zm-6.4.8L11.7 16l-2.1 2.1L7.5 16zm12.8 0 2.1 2.1-2.1 2.1-2.1-2.1z"
        fill={WHITE}
      />
    </>
  ),
  SOL: (gradientId) => (
    <>
      <defs>
        <linearGradient id={gradientId} x1="4" y1="28" x2="28" y2="4" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#9945ff" />
          <stop offset="1" stopColor="#14f195" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="16" fill={`url(#${gradientId})`} />
      <path d="M11.3 9h12.4l-2.9 3H8.4zm-2.9 5.5h12.4l2.9 3H11.3zM11.3 20h12.4l-2.9 3H8.4z" fill={WHITE} />
    </>
  ),
  XRP: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="#23292f" />
      <path
        d="M9 9h2.6l3.1 3.1a1.84 1.84 0 0 0 2.6 0L20.4 9H23l-4.3 4.3a3.82 3.82 0 0 1-5.4 0zm0 14h2.6l3.1-3.1a1.84 1.84 0 0 1 2.6 0l3.1 3.1H23l-4.3-4.3a3.82 3.82 0 0 0-5.4 0z"
        fill={WHITE}
      />
    </>
  ),
  DOGE: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="#c2a633" />
      <path
        fillRule="evenodd"
        d="M11.7 8.8h4.9c4.1 0 6.6 2.8 6.6 7.2s-2.5 7.2-6.6 7.2h-4.9zm2.8 2.6v9.2h2c2.4 0 3.8-1.8 3.8-4.6s-1.4-4.6-3.8-4.6z"
        fill={WHITE}
      />
      <path d="M9.4 14.9h8v2.2h-8z" fill={WHITE} />
    </>
  ),
  TRX: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="#eb0029" />
      <path
        d="M8.6 8.9 24 12.5l-8 11.9zm11.2 6.3-11.2-6.3m11.2 6.3L24 12.5m-4.2 2.7L16 24.4"
        fill="none"
        stroke={WHITE}
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </>
  ),
  LTC: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="#345d9d" />
      <path
        d="M14.3 8.4h3.2l-1.9 7.1 2.3-.9-.6 2.2-2.3.9-1.3 4.8h8.1l-.7 2.7H10.4l1.7-6.4-2.1.8.6-2.2 2.1-.8z"
        fill={WHITE}
      />
    </>
  ),
  // The platform token: the Bourse mark on the brand yellow (follows the theme's primary).
  BRS: () => (
    <>
      <circle cx="16" cy="16" r="16" fill="var(--primary)" />
      <path
        transform="translate(1.3 1.3) scale(.46)"
        fillRule="evenodd"
        d="M21 14h15.5a10 10 0 0 1 5.2 18.5A10.5 10.5 0 0 1 37 50H21z M28 21v8.5h7.5a4.25 4.25 0 0 0 0-8.5z M28 36v7h8.2a3.5 3.5 0 0 0 0-7z"
        fill="var(--on-primary)"
      />
    </>
  ),
};

export type CoinIconSize = 's' | 'm' | 'l';

/** Whether a coin has a drawn logo (otherwise its initial is shown). */
export function hasCoinLogo(asset: string): boolean {
  return Object.hasOwn(GLYPHS, asset.toUpperCase());
}

/** A coin's round logo; decorative (the code next to it is the text). */
export function CoinIcon({ asset, size = 'm' }: { asset: string; size?: CoinIconSize }) {
  const gradientId = `coin-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const code = asset.toUpperCase();
  const glyph = Object.hasOwn(GLYPHS, code) ? GLYPHS[code] : undefined;
  if (!glyph) {
    return (
      <span className={`coin-icon coin-icon--${size} coin-icon--letter`} data-coin={code} aria-hidden="true">
        {code.slice(0, 1)}
      </span>
    );
  }
  return (
    <svg className={`coin-icon coin-icon--${size}`} data-coin={code} viewBox="0 0 32 32" aria-hidden="true">
      {glyph(gradientId)}
    </svg>
  );
}
