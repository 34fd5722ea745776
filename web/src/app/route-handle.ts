/** What a route tells the layout (spec 2 "Headers"). */
export interface RouteHandle {
  /**
   * full: page title + language switcher; switcher: only the switcher; simple: logo + switcher;
   * none: no header (the chatroom draws its own bar).
   */
  header: 'full' | 'switcher' | 'simple' | 'none';
  /** Key under common.titles. */
  title: string;
}
