/**
 * `/@{username}/fanclub`: the card with the join flow in its action slot, or the pass purchase of
 * `?pass=YYYY-MM`. A fan who cannot join sees why (JoinFlow shows JoinAction); a guest the login prompt.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { flowOfSearch } from '../flow.ts';
import { FanclubSection } from './FanclubCard.tsx';
import { JoinFlow } from './JoinFlow.tsx';

export function FanclubFlowSection({ username, emptyText }: { username: string; emptyText: string }) {
  const { search } = useLocation();
  const flow = useMemo(() => flowOfSearch(search), [search]);
  return (
    <FanclubSection username={username} emptyText={emptyText}>
      {(card, reload) => (
        <JoinFlow key={flow.kind === 'pass' ? flow.month : 'join'} card={card} flow={flow} reload={reload} />
      )}
    </FanclubSection>
  );
}
