import { useStore } from '@nanostores/react';
import { useEffect, useRef, type RefObject } from 'react';
import { $signInRequired, type Restart } from '../embedding.ts';
import type { BastionAuthRequiredDetail, BastionNavigateDetail, BastionOrgChangeDetail } from '../element-types.ts';
import type { ConsoleLocation } from '../location.ts';
import { embeddedLoginHref } from './sign-in-prompt.ts';
import { emit } from './host-events.ts';

/**
 * What an embedded console tells its host instead of moving the page: the session is gone
 * (`bastion-auth-required`), it switched org (`bastion-org-change`), it opened a page
 * (`bastion-navigate`, memory routing only). The standalone console navigates as before.
 */
export function useHostEvents(
  root: RefObject<HTMLElement | null>,
  location: ConsoleLocation,
  restart: Restart | null,
): void {
  const signIn = useStore($signInRequired);
  const embedded = location.kind === 'memory';
  useEffect(() => {
    if (!embedded || !signIn) return;
    emit<BastionAuthRequiredDetail>(root.current, 'bastion-auth-required', {
      reason: signIn,
      loginUrl: embeddedLoginHref(),
    });
  }, [embedded, signIn, root]);

  const told = useRef(restart);
  useEffect(() => {
    if (!restart?.org || restart === told.current) return;
    told.current = restart;
    emit<BastionOrgChangeDetail>(root.current, 'bastion-org-change', {
      org: { id: restart.org.id, name: restart.org.name },
    });
  }, [restart, root]);

  useEffect(() => {
    if (!embedded) return undefined;
    return location.subscribe(() =>
      emit<BastionNavigateDetail>(root.current, 'bastion-navigate', { path: location.fullPath() }),
    );
  }, [embedded, location, root]);
}
