import { StarFill, StarOutline } from 'antd-mobile-icons';
import { requireLogin } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { useFavorites, useToggleFavorite } from '../api';
import { useSpotT } from '../locales';

/** The favourite star of a pair (a guest is sent to log in first). */
export function FavoriteStar({ symbol }: { symbol: string }) {
  const t = useSpotT();
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const on = favorites.data?.includes(symbol) ?? false;
  return (
    <button
      type="button"
      className={`favorite-star${on ? ' favorite-star--on' : ''}`}
      aria-pressed={on}
      aria-label={on ? t('unfavorite') : t('favorite')}
      onClick={() => {
        if (!requireLogin()) return;
        toggle.mutate(
          { symbol, favorite: !on },
          { onSuccess: () => toast(on ? t('favoriteRemoved') : t('favoriteAdded')) },
        );
      }}
    >
      {on ? <StarFill /> : <StarOutline />}
    </button>
  );
}
