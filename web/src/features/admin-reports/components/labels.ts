import type { PersonView } from '@app/shared/schemas/admin-reports';
import type { TFunction } from 'i18next';

/** How the console names a person: nickname, else @username, else the id. */
export function nameOf(p: PersonView): string {
  return p.nickname || (p.username ? `@${p.username}` : p.id);
}

/** A report's reason in the page's language (the chat's own report types). */
export const typeLabel = (t: TFunction, type: number) => t(`chat.report.types.${type}`);
