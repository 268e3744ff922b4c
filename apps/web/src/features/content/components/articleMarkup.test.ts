import { describe, expect, it } from 'vitest';
import { parseArticle } from './articleMarkup';

describe('article markup', () => {
  it('reads headings, list items and paragraphs', () => {
    const body = '# Fees\n\nMakers pay 0.1%.\nTakers pay 0.1%.\n\n- spot\n- futures\n\n<b>not html</b>';
    expect(parseArticle(body)).toEqual([
      { kind: 'heading', text: 'Fees' },
      { kind: 'paragraph', text: 'Makers pay 0.1%.\nTakers pay 0.1%.' },
      { kind: 'list', items: ['spot', 'futures'] },
      { kind: 'paragraph', text: '<b>not html</b>' },
    ]);
  });

  it('splits a block that mixes kinds', () => {
    expect(parseArticle('# Title\nIntro\n- a\n- b\nAfter')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'Intro' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'After' },
    ]);
  });

  it('ignores empty input and Windows line ends', () => {
    expect(parseArticle('')).toEqual([]);
    expect(parseArticle('a\r\n\r\nb')).toEqual([
      { kind: 'paragraph', text: 'a' },
      { kind: 'paragraph', text: 'b' },
    ]);
  });
});
