// One Vietnamese line per logged action, for the session's history of what happened.
import type { GameAction } from './actions';
import type { GameState, LogEntry } from './state';

const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`;

export function describeAction(action: GameAction): string {
  switch (action.type) {
    case 'reset':
      return 'Xóa ván chơi';
    case 'setupPlayers':
      return `Bắt đầu ván với ${action.players.length} người chơi`;
    case 'assignCareers':
      return 'Chia nghề';
    case 'addAsset':
      return `Mua ${action.name} (${usd(action.cost)})`;
    case 'buyStock':
      return `Mua ${action.quantity} cp ${action.code} giá ${usd(action.price)}`;
    case 'playCard':
      return `Chọn thẻ ${action.card.name}${action.quantity ? ` × ${action.quantity}` : ''}`;
    case 'sellAsset':
      return `Bán tài sản giá ${usd(action.price)}${action.quantity ? ` × ${action.quantity}` : ''}`;
    case 'editAsset':
      return 'Sửa tài sản';
    case 'addLiability':
      return `Thêm nợ ${action.name} (${usd(action.balance)})`;
    case 'borrow':
      return `Vay ${usd(action.amount)}`;
    case 'payDebt':
      return `Trả nợ ${action.name}${action.amount ? ` ${usd(action.amount)}` : ''}`;
    case 'setChildren':
      return `Số con: ${action.count}`;
    case 'addChildren':
      return action.delta >= 0 ? `Thêm ${action.delta} con` : `Bớt ${-action.delta} con`;
    case 'payExpense':
      return `Chi ${action.name} ${usd(action.amount)}`;
    case 'receiveCash':
      return `Nhận ${action.name} ${usd(action.amount)}`;
    case 'cashday':
      return 'Qua ngày (Cashday)';
    case 'adjustCash':
      return `Điều chỉnh tiền mặt ${action.delta >= 0 ? '+' : '−'}${usd(Math.abs(action.delta))}`;
    case 'nextTurn':
      return 'Qua lượt';
    case 'finishGame':
      return 'Kết thúc ván';
    case 'enterFastTrack':
      return 'Vào Fast Track';
    case 'setDream':
      return action.hasDream ? 'Mua Ước mơ' : 'Bỏ Ước mơ';
    case 'transferAsset':
      return 'Chuyển tài sản Fast Track';
    case 'buyOut':
      return 'Mua lại tài sản (gấp đôi giá trị)';
  }
}

/** 'Name: what happened', with the player's name as it was when the action was applied. */
export function describeLogEntry(entry: LogEntry, state: GameState): string {
  const players = entry.previous?.players ?? state.players;
  const name = players.find((p) => p.id === entry.playerId)?.name;
  return name ? `${name}: ${describeAction(entry.action)}` : describeAction(entry.action);
}
