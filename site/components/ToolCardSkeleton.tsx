// A placeholder the size of a tool card, shown while a page of tools loads.
export default function ToolCardSkeleton() {
  return (
    <div
      className="card bg-base-100 border border-base-200 shadow-sm h-full"
      data-testid="tool-card-skeleton"
      aria-hidden="true"
    >
      <div className="card-body gap-3 p-5">
        <div className="flex items-start gap-3">
          <div className="skeleton w-12 h-12 rounded-xl shrink-0" />
          <div className="flex-1 space-y-2 pt-1">
            <div className="skeleton h-4 w-2/3" />
            <div className="skeleton h-3 w-1/3" />
          </div>
        </div>
        <div className="skeleton h-3 w-full" />
        <div className="skeleton h-3 w-5/6" />
        <div className="flex gap-1">
          <div className="skeleton h-5 w-20 rounded-full" />
          <div className="skeleton h-5 w-16 rounded-full" />
        </div>
        <div className="skeleton h-9 w-full rounded-lg mt-2" />
      </div>
    </div>
  );
}
