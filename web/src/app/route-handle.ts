/** What a route tells the layout (spec 2 "Headers"). */
export interface RouteHandle {
  /** full: page title + language switcher; switcher: only the switcher; simple: logo + switcher. */
  header: 'full' | 'switcher' | 'simple';
  /** Key under common.titles. */
  title: string;
}
