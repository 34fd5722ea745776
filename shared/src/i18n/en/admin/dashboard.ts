/** The console's dashboard section (issue 17). */
export default {};
