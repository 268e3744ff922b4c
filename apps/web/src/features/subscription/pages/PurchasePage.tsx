import { useRequestId } from '../../../hooks/useRequestId';
import { useSpotAvailable } from '../../../hooks/useSpotAvailable';
import { errorMessage } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { EmptyState, ListSkeleton, NotFoundState, QueryError } from '../../../components/BlockState';
import { CoinIcon } from '../../../components/CoinIcon';
import { AmountEntry } from '../../../components/form/AmountEntry';
import { usePageRefresh, usePageTitle } from '../../../components/PageChrome';
import { StatusTag, type StatusTone } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { loginRoute } from '../../../lib/navigation';
import { useSession } from '../../../lib/stores/session';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import {
  type SubscriptionApplication,
  type SubscriptionProject,
  useApplications,
  useApply,
  useProjects,
  useWithdraw,
} from '../api';
import { applicationStateName, phaseName, type SubscriptionT, useSubscriptionT } from '../locales';
import { projectPath, SUBSCRIPTION_PATHS } from '../paths';
import '../subscription.css';

const DECIMALS = 8;

const PHASE_TONES: Record<SubscriptionProject['phase'], StatusTone> = {
  upcoming: 'pending',
  open: 'ok',
  calculating: 'pending',
  settled: 'off',
  cancelled: 'bad',
};

const STATE_TONES: Record<SubscriptionApplication['state'], StatusTone> = {
  pending: 'pending',
  allocated: 'ok',
  withdrawn: 'off',
  refunded: 'off',
};

/** /pages/purchase/purchase — new-coin projects; `?id=` one project: terms, subscribe, my result. */
export default function PurchasePage({ query }: PageProps) {
  const id = query.id === undefined ? undefined : Number(query.id);
  return id === undefined ? <ProjectList /> : <ProjectDetail id={id} />;
}

function ProjectList() {
  const t = useSubscriptionT();
  const navigate = useNavigate();
  const locale = useLocale();
  const loggedIn = useSession((s) => s.token !== null);
  const projects = useProjects();
  const mine = useApplications(undefined, loggedIn);
  usePageRefresh(() => Promise.all([projects.refetch(), loggedIn ? mine.refetch() : null]));
  return (
    <div className="purchase">
      {projects.isError && <QueryError error={projects.error} onRetry={() => void projects.refetch()} />}
      {projects.isPending && <ListSkeleton />}
      {projects.data?.length === 0 && <EmptyState text={t('noProjects')} />}
      <ul className="purchase-list">
        {projects.data?.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="purchase-project"
              data-testid={`purchase-project-${p.token}`}
              onClick={() => void navigate(projectPath(p.id))}
            >
              <span className="purchase-project__head">
                <CoinIcon asset={p.token} size="s" />
                <strong>{p.token}</strong>
                <span className="muted purchase-project__name">{p.tokenName}</span>
                <PhaseTag t={t} project={p} />
              </span>
              <span className="purchase-facts">
                <Fact label={t('price')} value={t('priceValue', { token: p.token, price: p.price, quote: p.quote })} />
                <Fact label={t('supply')} value={<Amount value={p.supply} precision={DECIMALS} trim />} />
                <Fact label={t('subscribedRatio')} value={t('ratioValue', { value: p.subscribedRatio })} />
                <Fact
                  label={p.phase === 'upcoming' ? t('startsAt') : t('endsAt')}
                  value={formatDate(p.phase === 'upcoming' ? p.startsAt : p.endsAt, locale)}
                />
              </span>
              <RightOutline className="purchase-project__chevron" />
            </button>
          </li>
        ))}
      </ul>
      {loggedIn && mine.data && mine.data.list.length > 0 && (
        <section className="purchase-card">
          <h3 className="purchase-card__title">{t('myApplications')}</h3>
          {mine.data.list.map((a) => (
            <ApplicationCard key={a.id} application={a} />
          ))}
        </section>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <span className="purchase-fact">
      <span className="muted">{label}</span>
      <span>{value}</span>
    </span>
  );
}

function PhaseTag({ t, project }: { t: SubscriptionT; project: SubscriptionProject }) {
  if (project.paused && project.phase === 'open') return <StatusTag tone="off">{t('paused')}</StatusTag>;
  return <StatusTag tone={PHASE_TONES[project.phase]}>{phaseName(t, project.phase)}</StatusTag>;
}

function ProjectDetail({ id }: { id: number }) {
  const t = useSubscriptionT();
  const navigate = useNavigate();
  const locale = useLocale();
  const lang = useSettings((s) => s.lang);
  const loggedIn = useSession((s) => s.token !== null);
  const projects = useProjects();
  const project = projects.data?.find((p) => p.id === id);
  const mine = useApplications(id, loggedIn);
  const balance = useSpotAvailable(project?.quote, loggedIn);
  const apply = useApply();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestId();
  usePageTitle(project ? `${project.token} · ${project.tokenName}` : undefined);
  usePageRefresh(() =>
    Promise.all([projects.refetch(), loggedIn ? mine.refetch() : null, loggedIn ? balance.refetch() : null]),
  );

  if (projects.isError) return <QueryError error={projects.error} onRetry={() => void projects.refetch()} />;
  if (projects.isPending) return <ListSkeleton />;
  if (!project) {
    return (
      <NotFoundState
        title={t('projectNotFound')}
        action={{ label: t('allProjects'), onClick: () => void navigate(SUBSCRIPTION_PATHS.purchase) }}
      />
    );
  }

  const active = mine.data?.list.find((a) => a.state === 'pending' || a.state === 'allocated');
  const canApply = project.phase === 'open' && !project.paused && !active;

  const submit = async () => {
    if (!loggedIn) {
      void navigate(loginRoute());
      return;
    }
    if (amount === '') {
      setError(t('missingAmount'));
      return;
    }
    if (!/[1-9]/.test(amount)) {
      setError(errorMessage('AMOUNT_INVALID', lang));
      return;
    }
    setError(undefined);
    try {
      await apply.mutateAsync({ projectId: project.id, amount, requestId: request.id });
      request.settled();
      setAmount('');
      toast(t('applied'), 'success');
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.msg);
        request.settled(e);
      }
    }
  };

  const rows: [string, React.ReactNode][] = [
    [t('price'), t('priceValue', { token: project.token, price: project.price, quote: project.quote })],
    [
      t('supply'),
      <>
        <Amount value={project.supply} precision={DECIMALS} trim /> {project.token}
      </>,
    ],
    [t('startsAt'), formatDate(project.startsAt, locale)],
    [t('endsAt'), formatDate(project.endsAt, locale)],
    [t('limits'), t('limitsValue', { min: project.minCommit, max: project.maxCommit, quote: project.quote })],
    [
      t('committed'),
      <>
        <Amount value={project.committed} precision={DECIMALS} trim /> {project.quote}
      </>,
    ],
    [t('applicants'), String(project.applicants)],
    [t('subscribedRatio'), t('ratioValue', { value: project.subscribedRatio })],
  ];
  if (project.phase === 'settled') {
    rows.push([
      t('allocated'),
      <>
        <Amount value={project.allocated} precision={DECIMALS} trim /> {project.token}
      </>,
    ]);
    rows.push([
      t('raised'),
      <>
        <Amount value={project.raised} precision={DECIMALS} trim /> {project.quote}
      </>,
    ]);
  }

  return (
    <div className="purchase">
      <section className="purchase-card">
        <span className="purchase-project__head">
          <CoinIcon asset={project.token} size="m" />
          <strong>{project.token}</strong>
          <span className="muted purchase-project__name">{project.tokenName}</span>
          <PhaseTag t={t} project={project} />
        </span>
        {project.intro && <p className="purchase-note">{project.intro}</p>}
        <dl className="purchase-terms">
          {rows.map(([label, value]) => (
            <div key={label} className="purchase-terms__row">
              <dt className="muted">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {project.market && <p className="purchase-note muted">{t('market', { market: project.market })}</p>}
      </section>

      {loggedIn && mine.data && mine.data.list.length > 0 && (
        <section className="purchase-card" data-testid="purchase-mine">
          <h3 className="purchase-card__title">{t('myApplication')}</h3>
          {mine.data.list.map((a) => (
            <ApplicationCard key={a.id} application={a} withdrawable={project.phase === 'open'} />
          ))}
        </section>
      )}

      {(project.phase === 'open' || project.phase === 'upcoming') && !active && (
        <section className="purchase-card">
          <AmountEntry
            id="purchase-amount"
            label={t('amount')}
            unit={project.quote}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(undefined);
            }}
            error={error}
            decimals={DECIMALS}
            placeholder={t('enterAmount', { min: project.minCommit, max: project.maxCommit })}
            available={balance.available}
            loggedIn={loggedIn}
            maxLabel={t('max')}
            availableLabel={t('available')}
          />
          <Button
            className="purchase-submit"
            block
            color="primary"
            disabled={loggedIn && !canApply}
            loading={apply.isPending}
            onClick={() => void submit()}
          >
            {!loggedIn ? t('logInToApply') : canApply ? t('apply') : t('notOpen')}
          </Button>
        </section>
      )}

      <section className="purchase-card">
        <h3 className="purchase-card__title">{t('rules')}</h3>
        <p className="purchase-note muted">{t('rulesText')}</p>
      </section>
    </div>
  );
}

function ApplicationCard({
  application: a,
  withdrawable = false,
}: {
  application: SubscriptionApplication;
  withdrawable?: boolean;
}) {
  const t = useSubscriptionT();
  const locale = useLocale();
  const withdraw = useWithdraw();
  const request = useRequestId();
  const [error, setError] = useState<string>();
  const rows: [string, React.ReactNode][] = [
    [
      t('amount'),
      <>
        <Amount value={a.committed} precision={DECIMALS} trim /> {a.quote}
      </>,
    ],
    [t('appliedAt'), formatDate(a.createdAt, locale)],
  ];
  if (a.allocation !== null) {
    rows.push([
      t('allocation'),
      <>
        <Amount value={a.allocation} precision={DECIMALS} trim /> {a.token}
      </>,
    ]);
  }
  if (a.cost !== null) {
    rows.push([
      t('cost'),
      <>
        <Amount value={a.cost} precision={DECIMALS} trim /> {a.quote}
      </>,
    ]);
  }
  if (a.refund !== null) {
    rows.push([
      t('refund'),
      <>
        <Amount value={a.refund} precision={DECIMALS} trim /> {a.quote}
      </>,
    ]);
  }
  const take = async () => {
    setError(undefined);
    try {
      await withdraw.mutateAsync({ applicationId: a.id, requestId: request.id });
      request.settled();
      toast(t('withdrawn'), 'success');
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.msg);
        request.settled(e);
      }
    }
  };
  return (
    <div className="purchase-application" data-testid={`purchase-application-${a.id}`}>
      <div className="purchase-project__head">
        <strong>{a.token}</strong>
        <StatusTag tone={STATE_TONES[a.state]}>{applicationStateName(t, a.state)}</StatusTag>
      </div>
      <dl className="purchase-terms">
        {rows.map(([label, value]) => (
          <div key={label} className="purchase-terms__row">
            <dt className="muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {error && (
        <p className="purchase-error" role="alert">
          {error}
        </p>
      )}
      {withdrawable && a.state === 'pending' && (
        <Button size="small" fill="outline" loading={withdraw.isPending} onClick={() => void take()}>
          {t('withdraw')}
        </Button>
      )}
    </div>
  );
}
