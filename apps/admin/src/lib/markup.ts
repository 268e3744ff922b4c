/**
 * The plain-text markup of articles (contract `Article.body`): blocks separated by blank lines; a line starting with
 * "# " is a heading, consecutive lines starting with "- " are a list, anything else is a paragraph (its lines kept).
 * The same rules as the trader's app (`apps/web/src/features/content/components/articleMarkup.ts`), so the preview
 * shows what traders will read. Rendered as text, never as HTML.
 */
export type MarkupBlock =
  { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

export function parseMarkup(body: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  const flushList = () => {
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    list = [];
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flushParagraph();
      flushList();
    } else if (line.startsWith('# ')) {
      flushParagraph();
      flushList();
      blocks.push({ kind: 'heading', text: line.slice(2).trim() });
    } else if (line.startsWith('- ')) {
      flushParagraph();
      list.push(line.slice(2).trim());
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}
