import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';

/** Back in history when there is an in-app page to go back to, else home. */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first page of a session the key 'default'.
  const hasHistory = location.key !== 'default';
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconArrowLeft size={18} />}
      onClick={() => (hasHistory ? navigate(-1) : navigate('/'))}
    >
      Back
    </Button>
  );
}
