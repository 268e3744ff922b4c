import type { ChatMessage } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buttonIn,
  closeConsole,
  findModal,
  loadTexts,
  openConsole,
  operatorProfile,
  type SeenCall,
} from '../../test/console';

const UID = 10000042;
const T0 = Date.UTC(2026, 4, 1, 9, 0);

function message(id: number, change: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    room: 'en',
    uid: UID,
    nickname: 'Spammy',
    avatar: null,
    body: `message ${id}`,
    image: null,
    createdAt: T0 + id * 60_000,
    removed: null,
    ...change,
  };
}

function server() {
  let words = [{ word: 'ponzi', createdAt: T0 }];
  return (call: SeenCall) => {
    if (call.url.startsWith('/admin/api/chat/reports?')) {
      return {
        list: [
          {
            message: message(9, { body: 'DM me for a 10x signal group' }),
            reports: 2,
            reasons: [
              { reason: 'scam', count: 1 },
              { reason: 'spam', count: 1 },
            ],
            firstReportedAt: T0,
            outcome: null,
            authorMutedUntil: null,
          },
        ],
        total: 1,
        page: 1,
        size: 20,
      };
    }
    if (call.url === '/admin/api/chat/messages/9/delete') return message(9, { removed: 'moderator' });
    if (call.url === '/admin/api/chat/mutes' && call.method === 'POST') {
      return { uid: UID, nickname: 'Spammy', until: T0 + 3_600_000, reason: 'spam', createdAt: T0, operatorId: 7 };
    }
    if (call.url === '/admin/api/chat/mutes') return [];
    if (call.url === '/admin/api/chat/words' && call.method === 'POST') {
      words = [...words, { word: (call.body as { word: string }).word, createdAt: T0 }];
      return words;
    }
    if (call.url === '/admin/api/chat/words') return words;
    return undefined;
  };
}

beforeAll(async () => {
  await loadTexts();
});

afterEach(closeConsole);

describe('community chat moderation', () => {
  it('lists reported messages with their reasons; deletes one, mutes its author', async () => {
    const calls = openConsole(operatorProfile('support'), '#/chat', server());
    await screen.findByText('DM me for a 10x signal group', {}, { timeout: 15_000 });
    const reports = screen.getByTestId('chat-reports');
    expect(reports.textContent).toContain('Scam × 1');
    expect(reports.textContent).toContain('Spammy');

    fireEvent.click(buttonIn(reports, 'Delete'));
    const confirm = await waitFor(() => {
      const pop = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!pop) throw new Error('no confirmation');
      return pop;
    });
    fireEvent.click(buttonIn(confirm, 'Delete'));
    await waitFor(() => expect(calls.some((c) => c.url === '/admin/api/chat/messages/9/delete')).toBe(true), {
      timeout: 10_000,
    });

    fireEvent.click(buttonIn(reports, 'Mute'));
    const modal = await findModal();
    fireEvent.change(modal.querySelector('textarea') as HTMLTextAreaElement, { target: { value: 'scam signals' } });
    fireEvent.click(buttonIn(modal, 'Mute'));
    await waitFor(
      () =>
        expect(calls.find((c) => c.url === '/admin/api/chat/mutes' && c.method === 'POST')?.body).toEqual({
          uid: UID,
          minutes: 60,
          reason: 'scam signals',
        }),
      { timeout: 10_000 },
    );
  }, 60_000);

  it('edits the word filter', async () => {
    const calls = openConsole(operatorProfile('support'), '#/chat', server());
    await screen.findByText('DM me for a 10x signal group', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Word filter' }));
    await screen.findByText('ponzi', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('Word'), { target: { value: '刷单' } });
    fireEvent.click(buttonIn(document.body, 'Add'));
    await screen.findByText('刷单', {}, { timeout: 10_000 });
    expect(calls.find((c) => c.url === '/admin/api/chat/words' && c.method === 'POST')?.body).toEqual({ word: '刷单' });
  }, 60_000);
});
