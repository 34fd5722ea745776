/** Fan club (issue 14): the creator's /home/fanclub (settings, members). */
export default {};
