/** A coin's round badge: its brand colour and initials (no image downloads, works offline). */
export function CoinIcon({ asset, size = 'm' }: { asset: string; size?: 's' | 'm' | 'l' }) {
  return (
    <span className={`coin-icon coin-icon--${size}`} data-coin={asset} aria-hidden="true">
      {asset.slice(0, 1)}
    </span>
  );
}
