// The directory's filters: sort, categories, pricing and minimum rating, each with its count. On phones and tablets a
// closed "Filters" panel, so the first results show on the first screen; on wide screens always open beside them
// (global.css). A <details>: it opens and closes without JavaScript too, and then the choices apply on submit.
import type { ReactNode } from 'react';
import { CATEGORIES, PRICING_MODELS, type CategoryId, type PricingModel } from '../../../lib/categories';
import type { ToolFacets } from '../../../lib/contract';
import {
  DIRECTORY_SORTS,
  INCLUDE_DISCONTINUED_PARAM,
  RATING_THRESHOLDS,
  SORT_LABELS,
  type DirectoryQuery,
  type DirectorySort,
} from '../../../lib/directory';
import { pricingLabel } from '../../../lib/format';
import { LISTING_MSG } from '../../../lib/listing-messages';

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list, value] : list.filter((v) => v !== value);
const count = (n: number | undefined) => ` (${n ?? 0})`;

interface DirectoryFiltersProps {
  query: DirectoryQuery;
  facets: ToolFacets;
  /** How many filters are on, for the panel's summary. */
  active: number;
  hydrated: boolean;
  change: (patch: Partial<DirectoryQuery>) => void;
}

export default function DirectoryFilters({ query, facets, active, hydrated, change }: DirectoryFiltersProps) {
  return (
    <details className="directory-filters self-start">
      <summary className="btn btn-outline w-full justify-between">
        <span>
          Filters
          {active > 0 && <span className="font-normal"> ({active})</span>}
        </span>
        <svg
          className="h-4 w-4"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
        </svg>
      </summary>
      {/* Two columns of filters in the panel; one column beside the results on wide screens. */}
      <div
        className="mt-4 lg:mt-0 grid grid-cols-2 gap-x-4 gap-y-6 lg:block lg:space-y-6"
        data-testid="directory-filters"
      >
        <label className="form-control block w-full col-span-2">
          <span className="label-text font-semibold">Sort by</span>
          <select
            name="sort"
            className="select select-bordered w-full mt-1"
            value={query.sort}
            onChange={(e) => change({ sort: e.target.value as DirectorySort })}
          >
            {DIRECTORY_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <FilterGroup legend="Categories">
          {CATEGORIES.map((c) => (
            <Check
              key={c.id}
              name="category"
              value={c.id}
              label={c.label + count(facets.categories[c.id])}
              checked={query.categories.includes(c.id)}
              onChange={(on) => change({ categories: toggle<CategoryId>(query.categories, c.id, on) })}
            />
          ))}
        </FilterGroup>
        <FilterGroup legend="Pricing">
          {PRICING_MODELS.map((p) => (
            <Check
              key={p}
              name="pricing"
              value={p}
              label={pricingLabel(p) + count(facets.pricing[p])}
              checked={query.pricing.includes(p)}
              onChange={(on) => change({ pricing: toggle<PricingModel>(query.pricing, p, on) })}
            />
          ))}
        </FilterGroup>
        <FilterGroup legend="Editor rating">
          <Check
            type="radio"
            name="minRating"
            value=""
            label="Any rating"
            checked={!query.minRating}
            onChange={() => change({ minRating: 0 })}
          />
          {RATING_THRESHOLDS.map((t) => (
            <Check
              key={t}
              type="radio"
              name="minRating"
              value={String(t)}
              label={`${t}+${count(facets.minRating[String(t)])}`}
              checked={query.minRating === t}
              onChange={() => change({ minRating: t })}
            />
          ))}
        </FilterGroup>
        <FilterGroup legend="Status">
          <Check
            name={INCLUDE_DISCONTINUED_PARAM.name}
            value={INCLUDE_DISCONTINUED_PARAM.value}
            label={LISTING_MSG.includeDiscontinued}
            checked={query.includeDiscontinued}
            onChange={(on) => change({ includeDiscontinued: on })}
          />
          <a href="/graveyard" className="link link-hover text-sm block mt-2">
            {LISTING_MSG.graveyardLink}
          </a>
        </FilterGroup>
        {/* Without JavaScript the choices apply on submit; the island applies each at once. */}
        {!hydrated && (
          <button type="submit" className="btn btn-outline w-full col-span-2">
            Apply filters
          </button>
        )}
      </div>
    </details>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="font-semibold mb-2">{legend}</legend>
      <div className="space-y-1">{children}</div>
    </fieldset>
  );
}

interface CheckProps {
  type?: 'checkbox' | 'radio';
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}

function Check({ type = 'checkbox', name, value, label, checked, onChange }: CheckProps) {
  return (
    <label className="flex items-center gap-2 cursor-pointer text-sm">
      <input
        type={type}
        name={name}
        value={value}
        className={type === 'radio' ? 'radio radio-sm' : 'checkbox checkbox-sm'}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
