import { parseMarkup } from '../lib/markup';

/** An article body as traders will read it: headings, lists, paragraphs — as text, never as HTML. */
export function MarkupPreview({ title, body }: { title?: string; body: string }) {
  const blocks = parseMarkup(body);
  return (
    <article className="markup-preview">
      {title ? <h1 className="markup-preview__title">{title}</h1> : null}
      {blocks.map((block, index) => {
        if (block.kind === 'heading') return <h2 key={index}>{block.text}</h2>;
        if (block.kind === 'list') {
          return (
            <ul key={index}>
              {block.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{block.text}</p>;
      })}
    </article>
  );
}
