/** The library screens (issue 13). */
export default {};
