// A live table's two screens, a signed-in player's or host's and a guest's, as one route chunk: they
// share nearly all their code, which two entries would push into the chunk every CashFlow screen
// loads (decision 0022), the one-phone session's too.
export { GuestPage } from './guest-page';
export { TablePage } from './table-page';
