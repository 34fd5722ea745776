/** The creator's /home/fanclub: settings, members and posts (issue 14, being built). */
export default function CreatorFanclubPage() {
  return null;
}
