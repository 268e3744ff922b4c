import { describe, expect, it } from 'vitest';
import { parseMarkup } from './markup';

describe('article markup', () => {
  it('reads headings, lists and paragraphs as the trader’s app does', () => {
    const body = '# Fees\nTrading costs 0.1%.\nMakers pay less.\n\n- BTC\n- ETH\n\nLast words.\r\n# End';
    expect(parseMarkup(body)).toEqual([
      { kind: 'heading', text: 'Fees' },
      { kind: 'paragraph', text: 'Trading costs 0.1%.\nMakers pay less.' },
      { kind: 'list', items: ['BTC', 'ETH'] },
      { kind: 'paragraph', text: 'Last words.' },
      { kind: 'heading', text: 'End' },
    ]);
  });

  it('ends a list at a plain line and starts a paragraph', () => {
    expect(parseMarkup('- one\ntwo')).toEqual([
      { kind: 'list', items: ['one'] },
      { kind: 'paragraph', text: 'two' },
    ]);
  });

  it('treats markup-looking text without its space as text, and HTML as text', () => {
    expect(parseMarkup('#hashtag\n<b>bold</b>')).toEqual([{ kind: 'paragraph', text: '#hashtag\n<b>bold</b>' }]);
    expect(parseMarkup('')).toEqual([]);
  });
});
