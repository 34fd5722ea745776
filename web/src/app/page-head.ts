import { createContext, useContext, useEffect } from 'react';

/** A title (and description) a screen takes from its data, e.g. a profile's nickname and bio. */
export interface PageHeadOverride {
  title: string;
  description?: string | undefined;
}

export const PageHeadContext = createContext<(head: PageHeadOverride | null) => void>(() => {});

/**
 * Sets the document title and meta description from the screen's data while it is shown (the
 * layout's route title otherwise); null keeps the route's.
 */
export function usePageHead(head: PageHeadOverride | null): void {
  const set = useContext(PageHeadContext);
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    set(title ? { title, description } : null);
    return () => set(null);
  }, [set, title, description]);
}
