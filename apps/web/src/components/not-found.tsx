import { IconMapSearch } from '@tabler/icons-react';
import { StatusPage } from './status-page';

export function NotFound() {
  return (
    <StatusPage icon={<IconMapSearch size={32} />} color="gray" title="Page not found">
      The page you are looking for does not exist or is not available yet.
    </StatusPage>
  );
}
