import { useEffect, useState } from 'react';
import { storageSlot } from '../storage.js';

const idSlot = storageSlot('docsd.announcement.id');
const dismissSlot = storageSlot('docsd.announcement.dismiss');

// isDismissed is true when the reader closed this very announcement; a new id shows the bar again.
export function isDismissed(id) {
  return idSlot.get() === id && dismissSlot.get() === 'true';
}

export default function AnnouncementBar({ announcement }) {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!announcement) return;
    if (idSlot.get() !== announcement.id) {
      idSlot.set(announcement.id);
      dismissSlot.del();
    }
    if (isDismissed(announcement.id)) setClosed(true);
  }, [announcement]);
  if (!announcement || closed) return null;
  const close = () => {
    idSlot.set(announcement.id);
    dismissSlot.set('true');
    document.documentElement.setAttribute('data-announcement-dismissed', 'true');
    setClosed(true);
  };
  return (
    <div className="announcement" role="banner" aria-label="Announcement">
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: announcement.content }} />
      {announcement.dismissible && (
        <button type="button" className="announcement-close icon-button" aria-label="Close announcement" onClick={close}>
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path d="M2 2l11 11M13 2L2 13" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      )}
    </div>
  );
}
