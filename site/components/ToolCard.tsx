// A tool card for grids: logo, premium badge, verified owner mark, name, two-line description, tags, Editor Rating, host. Cards in a row
// are the same height and line up: a one-line name over a line of the same height in every card for the host and the
// Premium badge (beside the name it took the name's room, and wrapped under a long one), a description that always
// takes two lines, tags and rating pinned to the bottom.
import type { ToolCardData } from '../../lib/tool-card';
import { cardTags, hostOf, tagLabel } from '../../lib/format';
import { TAGS_PER_CARD } from '../../lib/constants';
import { LISTING_MSG } from '../../lib/listing-messages';
import Highlighted from './Highlighted';
import Stars from './Stars';
import ToolLogo from './ToolLogo';

export type { ToolCardData };

/** `highlight`: the search's words, marked in the name and description. */
export default function ToolCard({ tool, highlight }: { tool: ToolCardData; highlight?: readonly string[] }) {
  const { shown, overflow } = cardTags(tool.tags, TAGS_PER_CARD);
  return (
    <article
      className="card bg-base-100 border border-base-200 shadow-sm hover:shadow-md transition-shadow h-full"
      data-testid="tool-card"
    >
      <a href={`/tool/${tool.slug}`} className="card-body gap-3 p-5">
        <div className="flex items-start gap-3">
          <ToolLogo name={tool.name} logoUrl={tool.logoUrl} />
          <div className="min-w-0 flex-1">
            <h3 className="card-title block text-base leading-tight truncate">
              <Highlighted text={tool.name} words={highlight} />
            </h3>
            <div className="mt-0.5 flex h-5 items-center gap-2">
              <p className="min-w-0 text-xs text-base-content/80 truncate">{hostOf(tool.url)}</p>
              {tool.isPremium && <span className="badge badge-warning badge-sm font-semibold shrink-0">Premium</span>}
              {tool.verifiedOwner && (
                <span
                  className="badge badge-success badge-outline badge-sm gap-0.5 shrink-0"
                  title={LISTING_MSG.verifiedOwner}
                  data-testid="card-owner-mark"
                >
                  <svg
                    xmlns="http://www.w3.org/2000/svg"
                    viewBox="0 0 20 20"
                    fill="currentColor"
                    className="w-3 h-3"
                    aria-hidden="true"
                  >
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                  {LISTING_MSG.cardOwnerMark}
                </span>
              )}
            </div>
          </div>
        </div>
        <p className="grow-0 text-sm text-base-content/80 line-clamp-2 min-h-[2lh]">
          <Highlighted text={tool.description} words={highlight} />
        </p>
        <div className="mt-auto flex flex-col gap-3">
          <div className="flex flex-wrap gap-1">
            {shown.map((tag) => (
              <span key={tag} className="badge badge-ghost badge-sm">
                {tagLabel(tag)}
              </span>
            ))}
            {overflow > 0 && <span className="badge badge-outline badge-sm">+{overflow}</span>}
          </div>
          <div className="flex items-center justify-between rounded-lg bg-base-200/60 px-3 py-2">
            <span className="text-xs font-medium text-base-content/80">Editor Rating</span>
            {tool.qualityScore != null ? (
              <span className="flex items-center gap-2">
                <Stars score={tool.qualityScore} className="w-3.5 h-3.5" />
                <span className="text-sm font-semibold">{tool.qualityScore}/10</span>
              </span>
            ) : (
              <span className="text-xs text-base-content/80">Not yet rated</span>
            )}
          </div>
        </div>
      </a>
    </article>
  );
}
