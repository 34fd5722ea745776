/** The console's catalog section (issue 17). */
export default {};
