import { useMemo } from 'react';
import { parseArticle } from './articleMarkup';

export function ArticleBody({ body }: { body: string }) {
  const blocks = useMemo(() => parseArticle(body), [body]);
  return (
    <div className="article-body">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return <h3 key={i}>{block.text}</h3>;
          case 'list':
            return (
              <ul key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          case 'paragraph':
            return <p key={i}>{block.text}</p>;
        }
      })}
    </div>
  );
}
