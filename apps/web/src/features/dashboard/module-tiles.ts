// Which tiles the welcome page shows: every module the role may open except the dashboard itself.
import type { AppModule } from '@staff/contracts';
import { type ModuleLink, moduleLinksForRole } from '../../lib/app-modules';

/** Vietnamese names and one-line descriptions of each module. */
const TILE_TEXT: Partial<Record<AppModule, { title: string; description: string }>> = {
  diary: { title: 'Nhật ký', description: 'Ghi lại thời gian mỗi ngày và xem phân bổ theo các hũ.' },
  stocks: { title: 'Cổ phiếu', description: 'Danh mục theo dõi cổ phiếu và giá cập nhật.' },
  forex: { title: 'Ngoại tệ & Vàng', description: 'Biểu đồ tỷ giá ngoại tệ và giá vàng theo thời gian.' },
  cashflow: { title: 'Trò chơi CashFlow', description: 'Trợ lý ghi chép cho trò chơi CashFlow 101.' },
  users: { title: 'Người dùng', description: 'Quản lý tài khoản, vai trò và nhập danh sách từ Excel.' },
};

export interface ModuleTile extends ModuleLink {
  title: string;
  description: string;
}

export function moduleTilesForRole(role: string | null | undefined): ModuleTile[] {
  return moduleLinksForRole(role).flatMap((link) => {
    const text = TILE_TEXT[link.module];
    return text ? [{ ...link, ...text }] : [];
  });
}
