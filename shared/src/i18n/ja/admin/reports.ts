/** The console's reports section (issue 17). */
export default {};
