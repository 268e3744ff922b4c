import type { Lang, ProductKey } from '@bourse/contract';
import type { ArticleCategory } from '../repo';

/** Demo texts name every language in their type, so a missing translation does not compile. */
export type AllLangs<T> = Record<Lang, T>;

export interface DemoArticle {
  category: ArticleCategory;
  slug: string | null;
  pinned?: boolean;
  /** The products it is about: shown only while all are available. */
  products?: readonly ProductKey[];
  /** How long before the first start it was published, so the lists have a believable history. */
  daysAgo: number;
  text: AllLangs<{ title: string; body: string }>;
}

/**
 * Lets the demo texts be indented with the code around them: drops the surrounding blank lines and the indentation
 * all lines share. The result is the article markup: paragraphs, "# " headings and "- " list items.
 */
export function dedent(text: string): string {
  const lines = text
    .replace(/^\s*\n/, '')
    .trimEnd()
    .split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(common).trimEnd()).join('\n');
}
