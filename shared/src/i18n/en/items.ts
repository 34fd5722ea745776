/** The items screens (issue 13). */
export default {};
