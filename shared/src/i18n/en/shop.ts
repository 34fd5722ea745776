/** The shop screens (issue 13). */
export default {};
