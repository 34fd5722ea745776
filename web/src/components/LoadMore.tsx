import { Button } from './SubmitButton.tsx';

/** The next page of a paged list ("show more"), shown while there is one. */
export function LoadMore({
  query,
  label,
  busyLabel,
  className,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  busyLabel: string;
  /** The wrapper's class (the list's own spacing). */
  className: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={className}>
      <Button
        variant="secondary"
        onClick={() => void query.fetchNextPage()}
        busy={query.isFetchingNextPage}
        busyLabel={busyLabel}
      >
        {label}
      </Button>
    </div>
  );
}
