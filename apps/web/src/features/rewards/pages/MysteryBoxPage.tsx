import type { BoxDraw, BoxPrice, MysteryBox } from '@bourse/contract';
import { Button, Dialog, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { DelayedLoading } from '../../../components/PageState';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { currentRoute } from '../../../lib/navigation';
import { useSession } from '../../../lib/stores/session';
import { toast } from '../../../lib/toast';
import { useBoxPrices, useBoxes, useDraws, useFairness, useOpenBox, useRank, useRotateSeed, useWins } from '../api';
import { prizeIndex, verifyDraw } from '../fair';
import { type RewardsT, useRewardsT } from '../locales';
import '../rewards.css';

type Tab = 'boxes' | 'newest' | 'rank' | 'fair';

function prizeText(t: RewardsT, p: { asset: string; amount: string }): string {
  return p.amount === '0' ? t('nothing') : `${p.amount} ${p.asset}`;
}

function BoxCard({ box, loggedIn, yours }: { box: MysteryBox; loggedIn: boolean; yours?: BoxPrice }) {
  const t = useRewardsT();
  const common = useCommonT();
  const navigate = useNavigate();
  const open = useOpenBox();
  const request = useRequestId();

  const buy = async () => {
    if (!loggedIn) {
      void navigate(`/pages/login/login?redirect=${encodeURIComponent(currentRoute())}`);
      return;
    }
    try {
      const draw = await open.mutateAsync({ boxId: box.id, requestId: request.id });
      request.settled();
      void Dialog.alert({
        title: draw.prize.amount === '0' ? t('noLuck') : t('youWon'),
        confirmText: common('ok'),
        content: (
          <div className="rw-center" data-testid="box-result">
            <strong className="num rw-prize">{prizeText(t, draw.prize)}</strong>
          </div>
        ),
      });
    } catch (e) {
      // The server's message was shown; a retry after a network failure keeps the id (one box, paid once).
      request.settled(e);
    }
  };

  // A member pays less: the server's price for this user, the list price struck through beside it.
  const price = yours?.price ?? box.price;
  const discounted = yours !== undefined && yours.price !== box.price;
  return (
    <section className="rw-card" data-testid={`box-${box.id}`}>
      <div className="rw-box__head">
        <h3 className="rw-card__title">{box.name}</h3>
        <span className="num rw-box__price" data-testid={`box-price-${box.id}`}>
          {t('price')}: {discounted ? <s className="rw-muted">{box.price}</s> : null} {price} {box.priceAsset}
          {discounted ? <span className="rw-box__member"> · {t('memberPrice')}</span> : null}
        </span>
      </div>
      <table className="rw-table">
        <thead>
          <tr>
            <th>{t('prize')}</th>
            <th className="rw-right">{t('odds')}</th>
          </tr>
        </thead>
        <tbody>
          {box.prizes.map((p) => (
            <tr key={p.index}>
              <td className="num">{prizeText(t, p)}</td>
              <td className="num rw-right">{p.odds}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="rw-muted num">
        {t('budgetLeft')}: {box.budgetLeft.map((b) => `${b.amount} ${b.asset}`).join(' · ')}
      </p>
      <Button
        block
        color="primary"
        disabled={box.soldOut}
        loading={open.isPending}
        onClick={() => void buy()}
        data-testid={`open-box-${box.id}`}
      >
        {box.soldOut ? t('soldOut') : `${t('open')} · ${price} ${box.priceAsset}`}
      </Button>
    </section>
  );
}

function DrawRow({ draw, odds }: { draw: BoxDraw; odds: readonly string[] | undefined }) {
  const t = useRewardsT();
  const [result, setResult] = useState<string>();
  const check = async () => {
    if (!draw.serverSeed) return;
    const v = await verifyDraw({
      serverSeed: draw.serverSeed,
      serverSeedHash: draw.serverSeedHash,
      clientSeed: draw.clientSeed,
      nonce: draw.nonce,
      roll: draw.roll,
    });
    const indexOk = odds === undefined || prizeIndex(v.roll, odds) === draw.prize.index;
    setResult(v.hashOk && v.rollOk && indexOk ? t('verified') : t('mismatch'));
  };
  return (
    <li className="rw-draw" data-testid="box-draw">
      <div className="rw-list__row">
        <span>{draw.boxName}</span>
        <strong className="num">{prizeText(t, draw.prize)}</strong>
      </div>
      <div className="rw-draw__meta num">
        <span>
          {t('nonce')}: {draw.nonce}
        </span>
        <span>
          {t('roll')}: {draw.roll}
        </span>
      </div>
      <div className="rw-draw__seed num">
        {t('serverSeed')}: {draw.serverSeed ?? t('notRevealed')}
      </div>
      {draw.serverSeed && (
        <div className="rw-list__row">
          <Button size="mini" fill="outline" onClick={() => void check()} data-testid="verify-draw">
            {t('checkNow')}
          </Button>
          {result && (
            <span className={result === t('verified') ? 'rw-plus' : 'rw-warning'} data-testid="verify-result">
              {result}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

function Fairness({ boxes }: { boxes: readonly MysteryBox[] }) {
  const t = useRewardsT();
  const fairness = useFairness(true);
  const draws = useDraws(true);
  const rotate = useRotateSeed();
  const [clientSeed, setClientSeed] = useState('');
  const odds = new Map(boxes.map((b) => [b.id, b.prizes.map((p) => p.odds)]));

  const doRotate = async () => {
    try {
      const answer = await rotate.mutateAsync(clientSeed.trim() === '' ? undefined : clientSeed.trim());
      setClientSeed('');
      toast(t('rotated', { n: answer.revealed.draws }), 'success');
    } catch {
      // The server's message was shown.
    }
  };

  return (
    <>
      <section className="rw-card">
        <h3 className="rw-card__title">{t('fairness')}</h3>
        <p className="rw-muted">{t('fairnessText')}</p>
        {fairness.isError && <QueryError error={fairness.error} onRetry={() => void fairness.refetch()} />}
        {fairness.data && (
          <dl className="rw-dl">
            <dt>{t('serverSeedHash')}</dt>
            <dd className="num rw-break" data-testid="seed-hash">
              {fairness.data.serverSeedHash}
            </dd>
            <dt>{t('clientSeed')}</dt>
            <dd className="num rw-break">{fairness.data.clientSeed}</dd>
            <dt>{t('nonce')}</dt>
            <dd className="num">{fairness.data.nonce}</dd>
          </dl>
        )}
        <Input
          className="rw-input"
          placeholder={t('newClientSeed')}
          value={clientSeed}
          maxLength={64}
          onChange={setClientSeed}
        />
        <Button block fill="outline" loading={rotate.isPending} onClick={() => void doRotate()} data-testid="rotate">
          {t('rotate')}
        </Button>
      </section>
      <section className="rw-card">
        <h3 className="rw-card__title">{t('myDraws')}</h3>
        {draws.data && draws.data.list.length === 0 && <EmptyState text={t('noDraws')} />}
        <ul className="rw-list">
          {draws.data?.list.map((d) => (
            <DrawRow key={d.id} draw={d} odds={odds.get(d.boxId)} />
          ))}
        </ul>
      </section>
    </>
  );
}

/** /pages/index/mysterybox — boxes with their published odds, buy and open, newest wins, ranking, verify. */
export default function MysteryBoxPage({ query }: PageProps) {
  const t = useRewardsT();
  const loggedIn = useSession((s) => s.token !== null);
  const [tab, setTab] = useState<Tab>(query.tab === 'fair' ? 'fair' : 'boxes');
  const boxes = useBoxes();
  const prices = useBoxPrices(loggedIn);
  const wins = useWins();
  const rank = useRank();

  const tabs: { key: Tab; label: string }[] = [
    { key: 'boxes', label: t('prizes') },
    { key: 'newest', label: t('newest') },
    { key: 'rank', label: t('rank') },
    ...(loggedIn ? [{ key: 'fair' as const, label: t('verify') }] : []),
  ];

  return (
    <div className="rw-page">
      <ChipTabs tabs={tabs} active={tab} onChange={setTab} label={t('prizes')} />
      {tab === 'boxes' &&
        (boxes.isPending ? (
          <DelayedLoading />
        ) : boxes.isError ? (
          <QueryError error={boxes.error} onRetry={() => void boxes.refetch()} />
        ) : boxes.data.length === 0 ? (
          <EmptyState text={t('paused')} />
        ) : (
          boxes.data.map((box) => (
            <BoxCard key={box.id} box={box} loggedIn={loggedIn} yours={prices.data?.find((p) => p.boxId === box.id)} />
          ))
        ))}
      {tab === 'newest' && (
        <section className="rw-card">
          {wins.data?.length === 0 && <EmptyState text={t('noWins')} />}
          <ul className="rw-list">
            {wins.data?.map((w, i) => (
              <li key={`${w.at}-${i}`} className="rw-list__row">
                <span>{w.account}</span>
                <span className="rw-muted">{w.boxName}</span>
                <strong className="num rw-plus">
                  {w.amount} {w.asset}
                </strong>
              </li>
            ))}
          </ul>
        </section>
      )}
      {tab === 'rank' && (
        <section className="rw-card">
          {rank.data?.length === 0 && <EmptyState text={t('noWins')} />}
          <ol className="rw-list">
            {rank.data?.map((r) => (
              <li key={r.rank} className="rw-list__row">
                <span className="num rw-rank">{r.rank}</span>
                <span>{r.account}</span>
                <span className="num rw-muted">{t('opened', { n: r.opened })}</span>
                <span className="num">{t('wins', { n: r.wins })}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {tab === 'fair' && loggedIn && <Fairness boxes={boxes.data ?? []} />}
    </div>
  );
}
