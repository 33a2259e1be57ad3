// "Saved tools" on the dashboard (docs/decisions/0108): the tools the member saved from their pages, newest first,
// each with its logo, a link to its page and Remove. Nothing for a member who has saved none.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { ENGAGE_MSG } from '../../../lib/engagement-messages';
import { logError } from '../../../lib/http';
import ToolLogo from '../../components/ToolLogo';
import { $savedTools, removeSavedTool } from '../../stores/saved-tools';
import { showToast } from '../../stores/toast';

export default function SavedTools() {
  const { data } = useStore($savedTools);
  const [removing, setRemoving] = useState<string | null>(null);
  if (!data || data.length === 0) return null;

  async function remove(slug: string) {
    setRemoving(slug);
    try {
      showToast({ title: await removeSavedTool(slug), variant: 'success' });
    } catch (err) {
      logError(err);
      showToast({ title: ENGAGE_MSG.unsaveFailed, variant: 'destructive' });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="card bg-base-100 border border-base-200 mt-8" aria-labelledby="saved-tools-title">
      <div className="card-body">
        <h2 id="saved-tools-title" className="card-title">
          Saved tools
        </h2>
        <ul className="divide-y divide-base-200">
          {data.map((tool) => (
            <li key={tool.slug} className="flex items-center gap-3 py-3">
              <ToolLogo name={tool.name} logoUrl={tool.logoUrl} />
              <div className="min-w-0 flex-1">
                <a className="font-semibold link link-hover" href={`/tool/${tool.slug}`}>
                  {tool.name}
                </a>
                <p className="text-sm text-base-content/80 line-clamp-1">{tool.description}</p>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={removing === tool.slug}
                onClick={() => void remove(tool.slug)}
                aria-label={`Remove ${tool.name} from saved tools`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
