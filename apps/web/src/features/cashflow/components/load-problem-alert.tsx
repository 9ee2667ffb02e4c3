import { Alert } from '@mantine/core';
import { useGame } from '../game-provider';

/** Tells the user a saved game could not be restored (corrupt or older version) instead of crashing. */
export function LoadProblemAlert() {
  const { loadProblem } = useGame();
  if (!loadProblem) return null;
  return (
    <Alert color="orange" title="Không khôi phục được ván đã lưu" mb="md">
      {loadProblem}
    </Alert>
  );
}
