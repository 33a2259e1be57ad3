// Approved Tools' search and listing-type filter, and the match they make: the search looks in the name, the
// description and the tags (id or label); the filter splits premium from free.
import { useId } from 'react';
import { tagLabel } from '../../../lib/format';
import type { AdminApprovedTool } from '../../stores/admin';

const FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'premium', label: 'Premium Only' },
  { id: 'free', label: 'Free Only' },
] as const;
export type Filter = (typeof FILTERS)[number]['id'];

/** The tools the search and the filter let through. */
export function filterTools(tools: readonly AdminApprovedTool[], search: string, filter: Filter): AdminApprovedTool[] {
  const q = search.trim().toLowerCase();
  return tools.filter((tool) => {
    if (filter === 'premium' && !tool.isPremium) return false;
    if (filter === 'free' && tool.isPremium) return false;
    if (!q) return true;
    return (
      tool.name.toLowerCase().includes(q) ||
      tool.description.toLowerCase().includes(q) ||
      tool.tags.some((tag) => tag.toLowerCase().includes(q) || tagLabel(tag).toLowerCase().includes(q))
    );
  });
}

interface ApprovedFiltersProps {
  search: string;
  setSearch: (search: string) => void;
  filter: Filter;
  setFilter: (filter: Filter) => void;
}

export default function ApprovedFilters({ search, setSearch, filter, setFilter }: ApprovedFiltersProps) {
  const searchId = useId();
  const filterId = useId();
  return (
    <div className="flex flex-col md:flex-row md:items-end gap-3 mb-4">
      <div className="flex flex-col gap-1 flex-1">
        <label htmlFor={searchId} className="label-text font-medium">
          Search approved tools
        </label>
        <input
          id={searchId}
          type="search"
          className="input input-bordered w-full"
          placeholder="Search by name, description or tags..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={filterId} className="label-text font-medium">
          Listing type
        </label>
        <select
          id={filterId}
          className="select select-bordered w-full md:w-48"
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
        >
          {FILTERS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
