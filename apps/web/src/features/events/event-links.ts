import type { EventItem } from '@sentinela/shared/events';

// Where an entry's subject is shown, as plain URLs (features do not import each other): the
// equipment's drawer (/equipment?open=), the alert on the alerts page (/alerts?alert=), the work order (/maintenance?order=),
// the registry pages.

/** The page an entry links to, or null when its subject has no page of its own. */
export function subjectHref(entry: Pick<EventItem, 'subject' | 'equipment'>): string | null {
  const subject = entry.subject;
  if (!subject) return null;
  const id = encodeURIComponent(subject.id);
  switch (subject.type) {
    case 'equipment':
      return `/equipment?search=${id}&open=${id}`;
    case 'alert':
      return `/alerts?alert=${id}`;
    case 'workOrder':
      return `/maintenance?order=${id}`;
    case 'plan':
      return '/maintenance';
    case 'schedule':
      return '/lights';
    case 'facility':
      return '/facilities';
    case 'room':
      return `/equipment?roomId=${id}`;
    case 'user':
      return '/users';
  }
}
