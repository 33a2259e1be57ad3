// A premium tool's requested assets in the Change Requests diff: screenshots and images as thumbnails, the demo video
// as a link, the brand colour as a swatch. Added and removed ones say so in words, not only by colour.
import type { FieldChange } from '../../../lib/change-text';
import type { DiffPart } from '../../../lib/diff-parts';

const ASSET_KINDS = new Set<FieldChange['kind']>(['image', 'images', 'colour', 'video']);

export const isAssetChange = (change: FieldChange): boolean => ASSET_KINDS.has(change.kind);

const MARK: Record<DiffPart['change'], string> = {
  added: 'ring-2 ring-green-700',
  removed: 'opacity-60 ring-2 ring-red-700',
  same: '',
};
const WORD: Record<DiffPart['change'], string> = { added: 'added', removed: 'removed', same: '' };

/** A swatch painted by an SVG attribute: the panel's CSP takes no inline style attributes. */
function Swatch({ color }: { color: string }) {
  return (
    <svg
      className="inline-block w-5 h-5 align-middle rounded border border-base-300"
      viewBox="0 0 1 1"
      aria-hidden="true"
    >
      <rect width="1" height="1" fill={/^#[0-9a-f]{6}$/i.test(color) ? color : 'transparent'} />
    </svg>
  );
}

function One({ part, kind, label }: { part: DiffPart; kind: FieldChange['kind']; label: string }) {
  const word = WORD[part.change];
  const note = word && <span className="text-xs">({word})</span>;
  if (kind === 'colour') {
    return (
      <span className={`inline-flex items-center gap-1 ${part.change === 'removed' ? 'line-through' : ''}`}>
        <Swatch color={part.text} /> <code>{part.text}</code> {note}
      </span>
    );
  }
  if (kind === 'video') {
    return (
      <span className={part.change === 'removed' ? 'line-through' : ''}>
        <a
          href={part.text}
          target="_blank"
          rel="noopener noreferrer"
          className="link break-all"
          data-testid="diff-video"
        >
          {part.text}
        </a>{' '}
        {note}
      </span>
    );
  }
  return (
    <a href={part.text} target="_blank" rel="noopener noreferrer" className="inline-flex flex-col items-start gap-0.5">
      <img
        src={part.text}
        alt={`${label}${word ? `, ${word}` : ''}`}
        loading="lazy"
        className={`h-16 w-auto max-w-40 rounded border border-base-300 bg-base-200 object-cover ${MARK[part.change]}`}
        data-testid="diff-thumbnail"
      />
      {note}
    </a>
  );
}

export default function AssetDiff({ change }: { change: FieldChange }) {
  if (change.parts.length === 0) return <span className="text-base-content/70">none</span>;
  return (
    <span className="flex flex-wrap items-start gap-2">
      {change.parts.map((part, i) => (
        <One
          key={`${part.text}-${i}`}
          part={part}
          kind={change.kind}
          label={change.kind === 'images' ? `Screenshot ${i + 1}` : change.label}
        />
      ))}
    </span>
  );
}
