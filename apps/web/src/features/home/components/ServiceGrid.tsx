import type { FeatureService } from '../../../lib/feature';
import { AppstoreOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { ServiceBadge } from '../../../components/ServiceBadge';
import { useMessage } from '../../../lib/i18n';

export interface ServiceGridProps {
  services: readonly FeatureService[];
  /** Adds a last cell leading to the all-services page. */
  more?: { label: string; path: string };
}

export function ServiceGrid({ services, more }: ServiceGridProps) {
  const navigate = useNavigate();
  const message = useMessage();
  return (
    <div className="service-grid">
      {services.map((service) => (
        <button
          key={service.id}
          type="button"
          className="service-grid__cell"
          onClick={() => void navigate(service.path)}
        >
          <ServiceBadge service={service}>
            <span className="service-grid__icon">
              <service.icon />
            </span>
          </ServiceBadge>
          <span className="service-grid__label">{message(service.label)}</span>
        </button>
      ))}
      {more && (
        <button type="button" className="service-grid__cell" onClick={() => void navigate(more.path)}>
          <span className="service-grid__icon">
            <AppstoreOutline />
          </span>
          <span className="service-grid__label">{more.label}</span>
        </button>
      )}
    </div>
  );
}
