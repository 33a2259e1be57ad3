// Text with the words a search matched marked (<mark>): each word that starts with a search word, as the search matches.
import { Fragment } from 'react';
import { highlightParts } from '../../lib/highlight';

export default function Highlighted({ text, words }: { text: string; words?: readonly string[] }) {
  if (!words?.length) return <>{text}</>;
  return (
    <>
      {highlightParts(text, words).map((part, i) =>
        part.match ? (
          <mark key={i} className="bg-primary/15 text-base-content rounded-sm">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
