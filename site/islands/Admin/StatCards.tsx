// The five admin stat cards: total, pending, approved, premium tools and users.
import { useStore } from '@nanostores/react';
import { $stats } from '../../stores/admin';

const CARDS = [
  { key: 'total', label: 'Total Tools', tone: 'text-base-content' },
  { key: 'pending', label: 'Pending Review', tone: 'text-amber-700' },
  { key: 'approved', label: 'Approved', tone: 'text-emerald-700' },
  { key: 'premium', label: 'Premium', tone: 'text-pink-700' },
  { key: 'users', label: 'Users', tone: 'text-primary' },
] as const;

export default function StatCards() {
  const { data: stats, error } = useStore($stats);
  return (
    <div className="grid grid-cols-2 sm:grid-cols-3 lg:grid-cols-5 gap-3 sm:gap-4">
      {CARDS.map((card) => (
        <div
          key={card.key}
          className="card bg-base-100 border border-base-200 shadow-sm"
          data-testid={`stat-${card.key}`}
        >
          <div className="card-body p-4 sm:p-5 gap-1">
            <span className="text-sm text-base-content/70">{card.label}</span>
            {stats ? (
              <span className={`text-3xl font-bold tabular-nums ${card.tone}`}>{stats[card.key]}</span>
            ) : error ? (
              <span className="text-3xl font-bold text-base-content/40" title="Could not load the stats">
                —
              </span>
            ) : (
              <span className="skeleton h-9 w-12" role="status" aria-label="Loading" />
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
