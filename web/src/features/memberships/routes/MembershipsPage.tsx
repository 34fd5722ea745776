/** The fan's /home/fanclub: memberships and back-number passes (issue 14, being built). */
export default function MembershipsPage() {
  return null;
}
