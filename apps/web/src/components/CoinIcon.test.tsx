import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoinIcon, hasCoinLogo } from './CoinIcon';

describe('coin icons', () => {
  it('draws a logo for every coin a fresh install lists, and the platform token', () => {
    for (const coin of ['USDT', 'BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'TRX', 'LTC', 'BRS']) {
      expect(hasCoinLogo(coin), coin).toBe(true);
      const { container, unmount } = render(<CoinIcon asset={coin} />);
      const svg = container.querySelector('svg.coin-icon');
      expect(svg?.getAttribute('data-coin')).toBe(coin);
      expect(svg?.querySelector('circle')).toBeTruthy();
      unmount();
    }
  });

  it('keeps the initial for a coin it has no logo for', () => {
    const { container } = render(<CoinIcon asset="pepe" size="s" />);
    const letter = container.querySelector('.coin-icon--letter');
    expect(letter?.textContent).toBe('P');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('gives each Solana gradient its own id, so two on a page do not clash', () => {
    const { container } = render(
      <>
        <CoinIcon asset="SOL" />
        <CoinIcon asset="SOL" />
      </>,
    );
    const ids = [...container.querySelectorAll('linearGradient')].map((g) => g.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});
