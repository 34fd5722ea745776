/** What a route tells the layout (spec 2 "Headers"). */
export interface RouteHandle {
  /**
   * full: page title + language switcher; switcher: only the switcher; simple: logo + switcher;
   * none: no header (the chatroom draws its own bar).
   */
  header: 'full' | 'switcher' | 'simple' | 'none';
  /** Key under common.titles. */
  title: string;
  /**
   * The spec path (shared/src/site-routes.ts) when the route's own pattern cannot say it: React
   * Router has no partial segments, so `/@:username` is the segment `:at` checked by its screen.
   */
  sitePath?: string;
}
