/**
 * The light markup of articles (contract `Article.body`): paragraphs separated by blank lines, lines starting with
 * "# " are headings, "- " list items. Parsed into blocks rendered as plain text — never as HTML.
 */
export type ArticleBlock =
  { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

export function parseArticle(body: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    let list: string[] | null = null;
    const flushParagraph = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
      paragraph = [];
    };
    const flushList = () => {
      if (list && list.length > 0) blocks.push({ kind: 'list', items: list });
      list = null;
    };
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (line === '') continue;
      if (line.startsWith('# ')) {
        flushParagraph();
        flushList();
        blocks.push({ kind: 'heading', text: line.slice(2).trim() });
      } else if (line.startsWith('- ')) {
        flushParagraph();
        list ??= [];
        list.push(line.slice(2).trim());
      } else {
        flushList();
        paragraph.push(line);
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}
