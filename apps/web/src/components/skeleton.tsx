/** Grey shimmering placeholders shown while something loads (never a spinner for content). */
export function Skeleton({ lines = 1, className = "" }: { lines?: number; className?: string }) {
  return (
    <span className={`skeleton-group ${className}`} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder lines that never reorder
        <span key={i} className="skeleton" />
      ))}
    </span>
  );
}

export function CardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className="card-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cards that never reorder
        <span key={i} className="skeleton skeleton-card" />
      ))}
    </div>
  );
}
