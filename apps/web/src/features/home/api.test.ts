import type { NoticeSummary } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyHomeFrame, applyNoticeEvent, homeKeys, isHomeNoticeEvent, isHomeNoticeSnapshot } from './api';
import { bannerTarget } from './components/BannerCarousel';

const notice = (id: number, createdAt: number, pinned = false): NoticeSummary => ({
  id,
  title: `n${id}`,
  category: 'notice',
  pinned,
  createdAt,
});

describe('home ticker events', () => {
  const list = [notice(1, 100, true), notice(3, 300), notice(2, 200)];

  it('adds a new notice in order: pinned first, then newest', () => {
    expect(
      applyNoticeEvent(list, { type: 'notice', action: 'created', notice: notice(4, 400) }).map((n) => n.id),
    ).toEqual([1, 4, 3, 2]);
    expect(
      applyNoticeEvent(list, { type: 'notice', action: 'created', notice: notice(5, 50, true) }).map((n) => n.id),
    ).toEqual([1, 5, 3, 2]);
  });

  it('replaces an edited notice and drops a withdrawn one', () => {
    const edited = applyNoticeEvent(list, {
      type: 'notice',
      action: 'updated',
      notice: { ...notice(2, 200), title: 'x' },
    });
    expect(edited.find((n) => n.id === 2)?.title).toBe('x');
    expect(edited).toHaveLength(3);
    expect(
      applyNoticeEvent(list, { type: 'notice', action: 'deleted', notice: notice(3, 300) }).map((n) => n.id),
    ).toEqual([1, 2]);
  });

  it('recognises the frames of the home channel', () => {
    expect(isHomeNoticeSnapshot({ type: 'notices', notices: [] })).toBe(true);
    expect(isHomeNoticeEvent({ type: 'notice', action: 'created', notice: notice(1, 1) })).toBe(true);
    expect(isHomeNoticeEvent({ type: 'notice', action: 'exploded', notice: notice(1, 1) })).toBe(false);
    expect(isHomeNoticeEvent({ type: 'notice', action: 'created' })).toBe(false);
    expect(isHomeNoticeSnapshot(null)).toBe(false);
  });
});

describe('banner links', () => {
  const hasRoute = (path: string) => path.split('?')[0] === '/pages/index/notice';

  it('lead only where something exists', () => {
    expect(bannerTarget('/pages/index/notice?id=12', hasRoute)).toBe('route');
    expect(bannerTarget('/pages/lever/lever', hasRoute)).toBeNull();
    expect(bannerTarget('https://example.com/x', hasRoute)).toBe('external');
    expect(bannerTarget('javascript:alert(1)', hasRoute)).toBeNull();
    expect(bannerTarget('//evil.example', hasRoute)).toBeNull();
    expect(bannerTarget(null, hasRoute)).toBeNull();
  });
});

describe('home frames against a request in flight', () => {
  it('keeps the live notice when an older answer of the notices request lands after it', async () => {
    const qc = new QueryClient();
    let answer: (list: NoticeSummary[]) => void = () => undefined;
    // The request was answered before the operator published; its answer reaches the page late.
    const fetching = qc.fetchQuery({
      queryKey: homeKeys.notices,
      queryFn: () => new Promise<NoticeSummary[]>((resolve) => (answer = resolve)),
    });
    applyHomeFrame(qc, { type: 'notices', notices: [notice(1, 100)] });
    applyHomeFrame(qc, { type: 'notice', action: 'created', notice: notice(2, 200) });
    answer([notice(1, 100)]);
    await fetching.catch(() => undefined);
    expect(qc.getQueryData<NoticeSummary[]>(homeKeys.notices)?.map((n) => n.id)).toEqual([2, 1]);
    // Frames that are not the channel's change nothing.
    applyHomeFrame(qc, { type: 'other' });
    expect(qc.getQueryData<NoticeSummary[]>(homeKeys.notices)).toHaveLength(2);
  });
});
