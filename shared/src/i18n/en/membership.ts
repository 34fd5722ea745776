/** Fan club (issue 14): the card, joining, back-number passes, the fan's memberships. */
export default {};
