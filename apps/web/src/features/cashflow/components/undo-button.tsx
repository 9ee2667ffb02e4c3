// Undo (beyond the spec: players make mistakes at the table), in the turn bar so that it is always at
// hand. Whether it applies is the engine's to say (canUndo): never past the finish or the first winner,
// so a finished game cannot be finished again and sent twice. A disabled Undo says why: in its tooltip,
// and as its accessible description.
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { canUndo, describeAction, describeLogEntry, type GameState } from '@staff/cashflow-engine';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useId } from 'react';
import { useGame } from '../game-provider';

export function UndoButton({ state }: { state: GameState }) {
  const { undo } = useGame();
  const last = state.log.at(-1);
  const undoCheck = canUndo(state);
  const reasonId = useId();
  const label = undoCheck.ok ? (last ? `Hoàn tác: ${describeAction(last.action)}` : '') : undoCheck.reason;
  return (
    // A disabled button gets no pointer events: the wrapper carries the tooltip.
    <Tooltip label={label} disabled={!label} multiline maw={280} withArrow>
      <span style={{ flex: 'none' }}>
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          disabled={!undoCheck.ok}
          aria-describedby={reasonId}
          onClick={() => {
            const result = undo();
            if (result.ok && last) {
              notifications.show({ color: 'gray', message: `Đã hoàn tác: ${describeLogEntry(last, state)}` });
            } else if (!result.ok) {
              notifications.show({ color: 'red', message: result.reason });
            }
          }}
        >
          Hoàn tác
        </Button>
        <VisuallyHidden id={reasonId}>{label}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
