// A Mantine Modal that is not in the page until it is first opened (decision 0022). A closed Modal
// still renders its portal, scroll lock and transition; a screen with one per card (the CashFlow
// session) paid for them all on every load. Once opened it stays mounted, so closing still plays
// Mantine's exit transition, and it mounts closed and then opens, so opening plays the enter one.
import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

export function OnDemandModal({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(opened);
  const [shown, setShown] = useState(opened);
  if (opened && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) setShown(true);
  }, [mounted]);
  if (!mounted) return null;
  return <Modal opened={opened && shown} {...props} />;
}
