import { Skeleton } from "../components/skeleton.tsx";

/** Shown while a route's code downloads. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton container" aria-busy="true">
      <Skeleton lines={1} className="skeleton-title" />
      <Skeleton lines={4} />
    </div>
  );
}
