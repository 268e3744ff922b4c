import { Button } from 'antd-mobile';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { useLocale } from '../../../hooks/useLocale';
import { copyText } from '../../../lib/clipboard';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useInvite } from '../api';
import { useRewardsT } from '../locales';
import { REWARDS_PATHS } from '../paths';
import '../rewards.css';

/** Draws the poster (title, QR code, code, link) onto a canvas and saves it as a PNG. */
function savePoster(qr: HTMLCanvasElement, lines: { title: string; text: string; code: string; link: string }) {
  const canvas = document.createElement('canvas');
  canvas.width = 720;
  canvas.height = 1080;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const gradient = ctx.createLinearGradient(0, 0, 0, 1080);
  gradient.addColorStop(0, '#181a20');
  gradient.addColorStop(1, '#2b3139');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 720, 1080);
  ctx.fillStyle = '#f0b90b';
  ctx.font = 'bold 44px sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(lines.title, 360, 150);
  ctx.fillStyle = '#eaecef';
  ctx.font = '28px sans-serif';
  ctx.fillText(lines.text, 360, 210);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(180, 290, 360, 360);
  ctx.drawImage(qr, 200, 310, 320, 320);
  ctx.fillStyle = '#f0b90b';
  ctx.font = 'bold 56px monospace';
  ctx.fillText(lines.code, 360, 760);
  ctx.fillStyle = '#929aa5';
  ctx.font = '22px monospace';
  ctx.fillText(lines.link, 360, 830);
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = `bourse-invite-${lines.code}.png`;
  a.click();
}

/** /pages/share/share — the invitation poster (QR code and link), my code, shares, invitees. */
export default function SharePage(_props: PageProps) {
  const t = useRewardsT();
  const locale = useLocale();
  const navigate = useNavigate();
  const invite = useInvite();
  const qrRef = useRef<HTMLCanvasElement>(null);

  if (invite.isPending) return <DelayedLoading />;
  if (invite.isError) return <QueryError error={invite.error} onRetry={() => void invite.refetch()} />;
  const data = invite.data;
  // The app routes by the hash: the link opens the register page with the code filled in.
  const link = `${window.location.origin}/#${data.path}`;

  const copy = async (text: string) => toast((await copyText(text)) ? t('copied') : t('copyFailed'));
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('posterTitle'), text: t('posterText'), url: link });
        return;
      } catch {
        // Cancelled or refused: copying the link is the fallback.
      }
    }
    await copy(link);
  };

  return (
    <div className="rw-page">
      <section className="rw-poster" data-testid="invite-poster">
        <h2 className="rw-poster__title">{t('posterTitle')}</h2>
        <p className="rw-poster__text">{t('posterText')}</p>
        <div className="rw-poster__qr">
          <QRCodeCanvas ref={qrRef} value={link} size={168} marginSize={2} bgColor="#ffffff" fgColor="#000000" />
        </div>
        <div className="rw-poster__code num" data-testid="invite-code">
          {data.code}
        </div>
        <div className="rw-poster__link num rw-break" data-testid="invite-link">
          {link}
        </div>
      </section>
      <div className="rw-actions">
        <Button fill="outline" onClick={() => void copy(data.code)}>
          {t('copy')} · {t('myCode')}
        </Button>
        <Button fill="outline" onClick={() => void copy(link)}>
          {t('copy')} · {t('myLink')}
        </Button>
        <Button
          color="primary"
          onClick={() => {
            if (qrRef.current)
              savePoster(qrRef.current, { title: t('posterTitle'), text: t('posterText'), code: data.code, link });
          }}
        >
          {t('savePoster')}
        </Button>
        <Button color="primary" fill="outline" onClick={() => void share()}>
          {t('share')}
        </Button>
      </div>
      <section className="rw-card rw-stats">
        <div>
          <span className="rw-muted">{t('invitees')}</span>
          <strong className="num" data-testid="invitee-count">
            {data.invitees}
          </strong>
        </div>
        <div>
          <span className="rw-muted">{t('team')}</span>
          <strong className="num">{data.team}</strong>
        </div>
        <div>
          <span className="rw-muted">{t('rebates')}</span>
          <strong className="num">
            {data.rebates.length === 0 ? '0' : data.rebates.map((r) => `${r.amount} ${r.asset}`).join(' · ')}
          </strong>
        </div>
      </section>
      <section className="rw-card">
        <h3 className="rw-card__title">{t('shares')}</h3>
        <table className="rw-table">
          <thead>
            <tr>
              <th />
              <th className="rw-right">{t('level1')}</th>
              <th className="rw-right">{t('level2')}</th>
            </tr>
          </thead>
          <tbody>
            {(['spot', 'futures'] as const).map((p) => (
              <tr key={p}>
                <td>{t(p)}</td>
                <td className="num rw-right">{data.shares[p].level1}%</td>
                <td className="num rw-right">{data.shares[p].level2}%</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Button block fill="none" color="primary" onClick={() => void navigate(REWARDS_PATHS.partner)}>
          {t('partnerData')} ›
        </Button>
      </section>
      <section className="rw-card">
        <h3 className="rw-card__title">{t('myInvitees')}</h3>
        {data.list.length === 0 ? (
          <EmptyState text={t('noInvitees')} />
        ) : (
          <ul className="rw-list">
            {data.list.map((i, k) => (
              <li key={`${i.account}-${k}`} className="rw-list__row" data-testid="invitee">
                <span>{i.account}</span>
                <span className="rw-muted">{i.level === 1 ? t('level1') : t('level2')}</span>
                <span className="num rw-muted">{formatDate(i.registeredAt, locale, false)}</span>
                <span className="num rw-plus">{i.rebates.map((r) => `${r.amount} ${r.asset}`).join(' · ') || '0'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
