/** /home/search (creator search). */
export default {
  heading: 'Find creators',
  keyword: 'Keyword',
  keywordPlaceholder: 'Name, username, genre or bio',
  area: 'Area',
  anyArea: 'All areas',
  submit: 'Search',
  searching: 'Searching…',
  results: 'Results',
  empty: 'No creators match. Try another keyword or a wider area.',
  more: 'Show more',
  loadingMore: 'Loading…',
  hint: 'Search by a keyword, an area, or both.',
};
