import { PictureOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useContentT } from '../locales';

/**
 * A banner's picture. Shipped files (/static/…) come from this server and are shown; an external https image is not
 * loaded here — the console's policy lets pictures come only from its own origin — and is named instead.
 */
export function BannerImage({ src, width = 120 }: { src: string; width?: number }) {
  const t = useContentT();
  if (src.startsWith('/static/')) {
    return <img src={src} alt="" className="banner-image" style={{ width, height: Math.round(width * 0.42) }} />;
  }
  return (
    <Tooltip title={src}>
      <span className="banner-image banner-image--external" style={{ width, height: Math.round(width * 0.42) }}>
        <PictureOutlined /> {t('imageExternal')}
      </span>
    </Tooltip>
  );
}
