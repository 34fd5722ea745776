/** Who a picture stands for: a chat peer, a creator card, a supporter. */
export interface AvatarPerson {
  id: string;
  username?: string | null;
  nickname?: string | null;
  profile_image?: string | null;
}

/** The peer's picture, or the first letter of their name on a colour of their own. */
export function Avatar({ peer, size = 44 }: { peer: AvatarPerson; size?: number }) {
  const name = peer.nickname || peer.username || '?';
  if (peer.profile_image) {
    return (
      <img className="avatar" src={peer.profile_image} alt="" width={size} height={size} loading="lazy" />
    );
  }
  let hash = 0;
  for (const ch of peer.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return (
    <span
      className="avatar avatar--letter"
      aria-hidden="true"
      style={{ width: size, height: size, background: `hsl(${hue} 45% 42%)`, fontSize: size * 0.42 }}
    >
      {[...name][0]?.toUpperCase()}
    </span>
  );
}

/** The name to show for a peer: nickname, else username, else the fallback. */
export const peerName = (peer: AvatarPerson, fallback: string) => peer.nickname || peer.username || fallback;
