// Versioned migrations, listed statically so the bundled server carries them.
// Add a file NNNN_name.ts and list it here; never edit one that has shipped.
// A migration is frozen history: it imports nothing but kysely and ../dialect, and carries its own
// copy of any function or data it needs as it was when it shipped (0004, 0008), so a change to the
// live modules never changes what an old migration does. ../migrations-import-nothing.test.ts checks.
import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts';
import * as m0003 from './0003_diary';
import * as m0004 from './0004_user_search';
import * as m0005 from './0005_diary_category_count';
import * as m0006 from './0006_cashflow_sessions';
import * as m0007 from './0007_forex';
import * as m0008 from './0008_stocks';
import * as m0009 from './0009_diary_week_totals';
import * as m0010 from './0010_sessions_and_audit';
import * as m0011 from './0011_live_streams';
import * as m0012 from './0012_cashflow_alltime_wins';
import * as m0013 from './0013_user_search_index';
import * as m0014 from './0014_stock_snapshots';
import * as m0015 from './0015_data_versions';
import * as m0016 from './0016_diary_week_totals_by_category';
import * as m0017 from './0017_users_version_and_player_names';
import * as m0018 from './0018_data_versions_once_per_transaction';
import * as m0019 from './0019_media';
import * as m0020 from './0020_diary_versions_once_per_transaction';
import * as m0021 from './0021_drop_unread_sign_in_indexes';
import * as m0022 from './0022_refresh_token_on_its_session';
import * as m0023 from './0023_diary_week_totals_window_index';
import * as m0024 from './0024_diary_running_entries';
import * as m0027 from './0027_cashflow_tables';
import * as m0028 from './0028_watchlist_item_target_side';
import * as m0029 from './0029_cashflow_seat_presence';

export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0003_diary': m0003,
  '0004_user_search': m0004,
  '0005_diary_category_count': m0005,
  '0006_cashflow_sessions': m0006,
  '0007_forex': m0007,
  '0008_stocks': m0008,
  '0009_diary_week_totals': m0009,
  '0010_sessions_and_audit': m0010,
  '0011_live_streams': m0011,
  '0012_cashflow_alltime_wins': m0012,
  '0013_user_search_index': m0013,
  '0014_stock_snapshots': m0014,
  '0015_data_versions': m0015,
  '0016_diary_week_totals_by_category': m0016,
  '0017_users_version_and_player_names': m0017,
  '0018_data_versions_once_per_transaction': m0018,
  '0019_media': m0019,
  '0020_diary_versions_once_per_transaction': m0020,
  '0021_drop_unread_sign_in_indexes': m0021,
  '0022_refresh_token_on_its_session': m0022,
  '0023_diary_week_totals_window_index': m0023,
  '0024_diary_running_entries': m0024,
  '0027_cashflow_tables': m0027,
  '0028_watchlist_item_target_side': m0028,
  '0029_cashflow_seat_presence': m0029,
};
