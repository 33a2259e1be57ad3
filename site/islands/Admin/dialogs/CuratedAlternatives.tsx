// The Edit dialog's "Alternatives" control: an editor picks up to MAX_CURATED_ALTERNATIVES public tools by name,
// in order, shown first among the tool's alternatives on its page (docs/decisions/0045). Saved on its own.
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_CURATED_ALTERNATIVES } from '../../../../lib/alternatives';
import type { CuratedAlternative } from '../../../../lib/contract';
import { TOAST } from '../../../../lib/messages';
import { fetchCuratedAlternatives, saveCuratedAlternatives } from '../../../stores/admin';
import { searchCatalogue } from '../../../stores/catalogue';
import { perform } from '../feedback';

/** Search results shown under the name box. */
const SUGGESTIONS = 6;
const DEBOUNCE_MS = 250;

/** `ownTool`: why the viewer may not pick for this tool (one they submitted), if so; the server refuses it too. */
export default function CuratedAlternatives({ toolId, ownTool }: { toolId: number; ownTool?: string }) {
  const id = useId();
  const [picks, setPicks] = useState<CuratedAlternative[] | null>(null);
  const [text, setText] = useState('');
  const [found, setFound] = useState<CuratedAlternative[]>([]);
  const [saving, setSaving] = useState(false);
  const searchSeq = useRef(0);

  useEffect(() => {
    let live = true;
    fetchCuratedAlternatives(toolId)
      .then((rows) => live && setPicks(rows))
      .catch(() => live && setPicks([]));
    return () => {
      live = false;
    };
  }, [toolId]);

  useEffect(() => {
    const search = text.trim();
    const seq = ++searchSeq.current;
    if (!search) return setFound([]);
    const timer = setTimeout(() => {
      searchCatalogue({ search, limit: SUGGESTIONS + 1 })
        .then(
          ({ tools }) => seq === searchSeq.current && setFound(tools.map(({ id, name, slug }) => ({ id, name, slug }))),
        )
        .catch(() => seq === searchSeq.current && setFound([]));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  if (!picks) return <p className="text-sm text-base-content/80">Loading alternatives...</p>;
  const full = picks.length >= MAX_CURATED_ALTERNATIVES;
  const choices = found.filter((t) => t.id !== toolId && !picks.some((p) => p.id === t.id)).slice(0, SUGGESTIONS);
  const move = (from: number, to: number) => {
    const next = [...picks];
    next.splice(to, 0, ...next.splice(from, 1));
    setPicks(next);
  };
  const save = async () => {
    setSaving(true);
    await perform(
      () =>
        saveCuratedAlternatives(
          toolId,
          picks.map((p) => p.id),
        ),
      {
        success: (saved) => (
          setPicks(saved), { title: TOAST.alternativesSaved, description: `${saved.length} picked` }
        ),
        failure: TOAST.saveAlternativesFailed,
      },
    );
    setSaving(false);
  };

  return (
    <section
      className="border border-base-300 rounded-box p-4 flex flex-col gap-3"
      aria-labelledby={`${id}-title`}
      data-testid="curated-alternatives"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Alternatives (editor's picks)
      </h3>
      <p className="text-sm text-base-content/80">
        Shown first among this tool's alternatives, in this order; up to {MAX_CURATED_ALTERNATIVES}. The rest are ranked
        automatically.
      </p>
      {picks.length > 0 ? (
        <ol className="flex flex-col gap-2">
          {picks.map((pick, i) => (
            <li key={pick.id} className="flex items-center gap-2">
              <span className="flex-1 min-w-0 truncate">
                {i + 1}. {pick.name}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
                aria-label={`Move ${pick.name} up`}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => setPicks(picks.filter((p) => p.id !== pick.id))}
                aria-label={`Remove ${pick.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-base-content/80">No picks: the alternatives are ranked automatically.</p>
      )}
      <label className="flex flex-col gap-1" htmlFor={`${id}-search`}>
        <span className="text-sm font-medium">Add an alternative by name</span>
        <input
          id={`${id}-search`}
          type="search"
          className="input input-bordered w-full"
          value={text}
          disabled={full}
          placeholder={full ? `At most ${MAX_CURATED_ALTERNATIVES} picks` : 'Search approved tools...'}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {choices.length > 0 && !full && (
        <ul className="flex flex-wrap gap-2" aria-label="Matching tools">
          {choices.map((choice) => (
            <li key={choice.id}>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => {
                  setPicks([...picks, choice]);
                  setText('');
                }}
              >
                Add {choice.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={saving || Boolean(ownTool)}
          title={ownTool}
          onClick={() => void save()}
        >
          {saving ? 'Saving...' : 'Save alternatives'}
        </button>
      </div>
      {ownTool && <p className="text-sm text-base-content/80">{ownTool}</p>}
    </section>
  );
}
