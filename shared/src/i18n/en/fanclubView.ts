/** Fan club (issue 14): reading posts (the profile's list, a post's page, the teaser). */
export default {};
