/** Fan club (issue 14): the creator's posts (list, form, schedule). */
export default {};
