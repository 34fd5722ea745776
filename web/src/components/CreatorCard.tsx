import type { CreatorCard as Card } from '@app/shared/schemas/social';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from './Avatar.tsx';
import { LangLink } from './LangLink.tsx';

/**
 * A creator in a list (home, search, favorites, liked, discovery): picture, name, genre, area, the
 * bio's start and the like count, linking to `/@{username}`. `action` sits beside the link.
 */
export function CreatorCard({ card, action }: { card: Card; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article className="creator-card">
      <LangLink className="creator-card__link" to={`/@${card.username}`}>
        <Avatar peer={card} size={56} />
        <span className="creator-card__body">
          <span className="creator-card__name">{card.nickname}</span>
          <span className="creator-card__meta">
            {[card.genre, card.area !== 0 ? t(`areas.${card.area}`) : null].filter(Boolean).join(' · ')}
          </span>
          {card.bio ? <span className="creator-card__bio">{card.bio}</span> : null}
          <span className="creator-card__likes">
            {t('common.creatorCard.likes', { count: card.liked_by })}
          </span>
        </span>
      </LangLink>
      {action ? <span className="creator-card__action">{action}</span> : null}
    </article>
  );
}

/**
 * The compact form of a creator card for horizontal strips (home's recommended and close
 * friends): picture, name, genre and like count, linking to `/@{username}`.
 */
export function CreatorTile({ card }: { card: Card }) {
  const { t } = useTranslation();
  return (
    <LangLink className="creator-tile" to={`/@${card.username}`}>
      <Avatar peer={card} size={72} />
      <span className="creator-tile__name">{card.nickname}</span>
      {card.genre ? <span className="creator-tile__meta">{card.genre}</span> : null}
      <span className="creator-tile__meta">{t('common.creatorCard.likes', { count: card.liked_by })}</span>
    </LangLink>
  );
}
