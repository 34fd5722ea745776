/** The console's withdrawals section (issue 17). */
export default {};
