// A change request's diff in the Change Requests tab: each changed field as a word diff (assets as thumbnails), and on
// demand the whole current and requested values.
import { useId, useState } from 'react';
import type { FieldChange } from '../../../lib/change-text';
import { compactParts, splitOuterSpace, type DiffPart } from '../../../lib/diff-parts';
import type { AdminChangeRequest } from '../../stores/admin';
import AssetDiff, { isAssetChange } from './AssetDiff';

// Colour alone does not carry the change: added words are underlined, removed ones struck, and each says so to a screen
// reader. The spaces around a changed run stay outside the mark, so only words are underlined or struck.
function Part({ part }: { part: DiffPart }) {
  if (part.change === 'same') return <span>{part.text}</span>;
  const [before, words, after] = splitOuterSpace(part.text);
  const mark =
    part.change === 'added' ? (
      <ins className="bg-green-100 text-green-900 underline decoration-green-700 rounded-sm px-0.5">
        <span className="sr-only">added: </span>
        {words}
      </ins>
    ) : (
      <del className="bg-red-100 text-red-900 line-through decoration-red-700 rounded-sm px-0.5">
        <span className="sr-only">removed: </span>
        {words}
      </del>
    );
  return (
    <>
      {before}
      {mark}
      {after}
    </>
  );
}

function FieldDiff({ change }: { change: FieldChange }) {
  if (isAssetChange(change)) return <AssetDiff change={change} />;
  if (change.kind === 'list') {
    if (change.parts.length === 0) return <span className="text-base-content/70">none</span>;
    return change.parts.map((part, i) => (
      <span key={i}>
        {i > 0 && ', '}
        <Part part={part} />
      </span>
    ));
  }
  // A decided request has no old value to compare with: the requested value, cut to three lines until shown in full.
  if (change.before === null)
    return change.after ? (
      <span className="line-clamp-3">{change.after}</span>
    ) : (
      <span className="text-base-content/70">none</span>
    );
  return compactParts(change.parts).map((part, i) => <Part key={i} part={part} />);
}

function Value({ value }: { value: string | null }) {
  return value ? (
    <span className="whitespace-pre-wrap">{value}</span>
  ) : (
    <span className="text-base-content/70">none</span>
  );
}

/** The changed fields, and on demand their whole current and requested values. */
export default function ChangeDiff({ request }: { request: AdminChangeRequest }) {
  const [full, setFull] = useState(false);
  const regionId = useId();
  if (request.diff.length === 0) return <p className="text-sm bg-base-200/60 rounded-box p-3">{request.changes}</p>;
  const decided = request.diff.every((change) => change.before === null);
  return (
    <div className="text-sm bg-base-200/60 rounded-box p-3 flex flex-col gap-2">
      <dl className="flex flex-col gap-2">
        {request.diff.map((change) => (
          <div key={change.field}>
            <dt className="font-semibold">{change.label}</dt>
            <dd className="break-words" data-testid="change-diff">
              <FieldDiff change={change} />
            </dd>
          </div>
        ))}
      </dl>
      <dl
        id={regionId}
        hidden={!full}
        className="flex flex-col gap-3 border-t border-base-300 pt-2"
        aria-label="Full values"
      >
        {request.diff.map((change) => (
          <div key={change.field}>
            <dt className="font-semibold">{change.label}</dt>
            {!decided && (
              <dd className="break-words">
                <span className="text-base-content/70">Current: </span>
                <Value value={change.before} />
              </dd>
            )}
            <dd className="break-words">
              <span className="text-base-content/70">Requested: </span>
              <Value value={change.after} />
            </dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="btn btn-ghost btn-xs self-start"
        aria-expanded={full}
        aria-controls={regionId}
        onClick={() => setFull(!full)}
      >
        {full ? 'Hide full values' : 'Show full values'}
      </button>
    </div>
  );
}
