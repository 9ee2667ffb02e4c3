import { IconLock } from '@tabler/icons-react';
import { StatusPage } from './status-page';

export function AccessDenied() {
  return (
    <StatusPage icon={<IconLock size={32} />} color="red" title="Access denied">
      Your role does not allow you to open this page. If you think you need it, ask an administrator.
    </StatusPage>
  );
}
