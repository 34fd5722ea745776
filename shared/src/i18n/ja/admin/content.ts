/** The console's content section (issue 17). */
export default {};
