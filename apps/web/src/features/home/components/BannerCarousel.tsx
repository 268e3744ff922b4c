import type { Banner } from '@bourse/contract';
import { Skeleton, Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { serverUrl } from '../../../lib/lines';
import { useRegistry } from '../../../lib/registry';
import { useBanners } from '../api';

/** Where a banner leads: an app route that exists, an external page, or nowhere (no dead taps). */
export function bannerTarget(link: string | null, hasRoute: (path: string) => boolean): 'route' | 'external' | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return hasRoute(link) ? 'route' : null;
  if (/^https?:\/\//i.test(link)) return 'external';
  return null;
}

export function BannerCarousel() {
  const banners = useBanners();
  const navigate = useNavigate();
  const { hasRoute } = useRegistry();

  if (banners.isPending) {
    return (
      <div className="banner banner--loading">
        <Skeleton animated className="banner__skeleton" />
      </div>
    );
  }
  if (banners.isError || banners.data.length === 0) return null;

  const open = (banner: Banner) => {
    const target = bannerTarget(banner.link, hasRoute);
    if (target === 'route' && banner.link) void navigate(banner.link);
    else if (target === 'external' && banner.link) window.open(banner.link, '_blank', 'noopener,noreferrer');
  };

  return (
    <div className="banner">
      <Swiper autoplay autoplayInterval={4000} loop={banners.data.length > 1} className="banner__swiper">
        {banners.data.map((banner) => (
          <Swiper.Item key={banner.id}>
            <div
              className={`banner__slide${bannerTarget(banner.link, hasRoute) ? ' banner__slide--link' : ''}`}
              onClick={() => open(banner)}
            >
              <img src={serverUrl(banner.image)} alt="" draggable={false} />
              <span className="banner__title">{banner.title}</span>
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
