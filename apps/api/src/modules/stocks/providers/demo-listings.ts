// The demo provider's listings: real companies of HOSE (the VN30 and other heavily traded names),
// HNX and UPCOM, with a realistic price level (VND) and an average daily volume (thousand shares)
// to generate synthetic bars around. Names as the exchanges list them; prices are approximate
// 2025–2026 levels and only seed the synthetic series (source 'demo').
import type { ExchangeCode } from '@staff/contracts';

export interface DemoListing {
  ticker: string;
  exchange: ExchangeCode;
  name: string;
  sector: string;
  price: number;
  volumeK: number;
  vn30?: true;
}

type Row = [ticker: string, name: string, sector: string, price: number, volumeK: number];

const BANK = 'Ngân hàng';
const SEC = 'Chứng khoán';
const RE = 'Bất động sản';

const VN30: Row[] = [
  ['ACB', 'Ngân hàng Thương mại Cổ phần Á Châu', BANK, 24_500, 9_000],
  ['BCM', 'Tổng Công ty Đầu tư và Phát triển Công nghiệp - CTCP', RE, 65_000, 900],
  ['BID', 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam', BANK, 38_000, 4_000],
  ['BVH', 'Tập đoàn Bảo Việt', 'Bảo hiểm', 52_000, 700],
  ['CTG', 'Ngân hàng TMCP Công Thương Việt Nam', BANK, 40_000, 8_000],
  ['FPT', 'Công ty Cổ phần FPT', 'Công nghệ', 100_000, 6_000],
  ['GAS', 'Tổng Công ty Khí Việt Nam - CTCP', 'Dầu khí', 68_000, 1_500],
  ['GVR', 'Tập đoàn Công nghiệp Cao su Việt Nam - CTCP', 'Cao su', 30_000, 4_000],
  ['HDB', 'Ngân hàng TMCP Phát triển Thành phố Hồ Chí Minh', BANK, 27_000, 8_000],
  ['HPG', 'Công ty Cổ phần Tập đoàn Hòa Phát', 'Thép', 26_500, 25_000],
  ['LPB', 'Ngân hàng TMCP Lộc Phát Việt Nam', BANK, 45_000, 5_000],
  ['MBB', 'Ngân hàng TMCP Quân đội', BANK, 25_000, 15_000],
  ['MSN', 'Công ty Cổ phần Tập đoàn Masan', 'Tiêu dùng', 78_000, 4_000],
  ['MWG', 'Công ty Cổ phần Đầu tư Thế Giới Di Động', 'Bán lẻ', 75_000, 6_000],
  ['PLX', 'Tập đoàn Xăng dầu Việt Nam', 'Dầu khí', 36_000, 1_500],
  ['SAB', 'Tổng Công ty Cổ phần Bia - Rượu - Nước giải khát Sài Gòn', 'Đồ uống', 48_000, 800],
  ['SHB', 'Ngân hàng TMCP Sài Gòn - Hà Nội', BANK, 16_000, 40_000],
  ['SSB', 'Ngân hàng TMCP Đông Nam Á', BANK, 18_000, 3_000],
  ['SSI', 'Công ty Cổ phần Chứng khoán SSI', SEC, 32_000, 20_000],
  ['STB', 'Ngân hàng TMCP Sài Gòn Thương Tín', BANK, 50_000, 10_000],
  ['TCB', 'Ngân hàng TMCP Kỹ thương Việt Nam', BANK, 36_000, 12_000],
  ['TPB', 'Ngân hàng TMCP Tiên Phong', BANK, 16_500, 10_000],
  ['VCB', 'Ngân hàng TMCP Ngoại thương Việt Nam', BANK, 60_000, 4_000],
  ['VHM', 'Công ty Cổ phần Vinhomes', RE, 95_000, 7_000],
  ['VIB', 'Ngân hàng TMCP Quốc tế Việt Nam', BANK, 19_000, 8_000],
  ['VIC', 'Tập đoàn Vingroup - Công ty CP', RE, 150_000, 5_000],
  ['VJC', 'Công ty Cổ phần Hàng không VietJet', 'Hàng không', 140_000, 1_500],
  ['VNM', 'Công ty Cổ phần Sữa Việt Nam', 'Thực phẩm', 60_000, 5_000],
  ['VPB', 'Ngân hàng TMCP Việt Nam Thịnh Vượng', BANK, 27_000, 20_000],
  ['VRE', 'Công ty Cổ phần Vincom Retail', RE, 30_000, 8_000],
];

const HOSE: Row[] = [
  ['DGC', 'Công ty Cổ phần Tập đoàn Hóa chất Đức Giang', 'Hóa chất', 90_000, 2_500],
  ['DXG', 'Công ty Cổ phần Tập đoàn Đất Xanh', RE, 18_000, 15_000],
  ['GEX', 'Công ty Cổ phần Tập đoàn GELEX', 'Công nghiệp', 40_000, 12_000],
  ['KDH', 'Công ty Cổ phần Đầu tư và Kinh doanh Nhà Khang Điền', RE, 30_000, 4_000],
  ['NVL', 'Công ty Cổ phần Tập đoàn Đầu tư Địa ốc No Va', RE, 14_000, 20_000],
  ['PDR', 'Công ty Cổ phần Phát triển Bất động sản Phát Đạt', RE, 20_000, 10_000],
  ['PNJ', 'Công ty Cổ phần Vàng bạc Đá quý Phú Nhuận', 'Bán lẻ', 85_000, 1_500],
  ['POW', 'Tổng Công ty Điện lực Dầu khí Việt Nam - CTCP', 'Điện', 13_000, 10_000],
  ['REE', 'Công ty Cổ phần Cơ Điện Lạnh', 'Điện', 65_000, 1_500],
  ['VHC', 'Công ty Cổ phần Vĩnh Hoàn', 'Thủy sản', 60_000, 1_500],
  ['VND', 'Công ty Cổ phần Chứng khoán VNDIRECT', SEC, 20_000, 20_000],
  ['VIX', 'Công ty Cổ phần Chứng khoán VIX', SEC, 25_000, 25_000],
  ['HSG', 'Công ty Cổ phần Tập đoàn Hoa Sen', 'Thép', 17_000, 10_000],
  ['NKG', 'Công ty Cổ phần Thép Nam Kim', 'Thép', 15_000, 8_000],
  ['DIG', 'Tổng Công ty Cổ phần Đầu tư Phát triển Xây dựng', RE, 20_000, 12_000],
  ['KBC', 'Tổng Công ty Phát triển Đô thị Kinh Bắc - CTCP', RE, 32_000, 8_000],
  ['DCM', 'Công ty Cổ phần Phân bón Dầu khí Cà Mau', 'Hóa chất', 35_000, 3_000],
  ['DPM', 'Tổng Công ty Phân bón và Hóa chất Dầu khí - CTCP', 'Hóa chất', 35_000, 3_000],
  ['EIB', 'Ngân hàng TMCP Xuất Nhập khẩu Việt Nam', BANK, 22_000, 10_000],
  ['OCB', 'Ngân hàng TMCP Phương Đông', BANK, 12_000, 5_000],
  ['MSB', 'Ngân hàng TMCP Hàng Hải Việt Nam', BANK, 13_000, 8_000],
  ['HCM', 'Công ty Cổ phần Chứng khoán Thành phố Hồ Chí Minh', SEC, 28_000, 6_000],
  ['VCI', 'Công ty Cổ phần Chứng khoán Vietcap', SEC, 40_000, 6_000],
  ['FRT', 'Công ty Cổ phần Bán lẻ Kỹ thuật số FPT', 'Bán lẻ', 150_000, 700],
  ['DGW', 'Công ty Cổ phần Thế Giới Số', 'Bán lẻ', 40_000, 2_000],
  ['HAG', 'Công ty Cổ phần Hoàng Anh Gia Lai', 'Nông nghiệp', 15_000, 15_000],
  ['PVD', 'Tổng Công ty Cổ phần Khoan và Dịch vụ Khoan Dầu khí', 'Dầu khí', 22_000, 6_000],
  ['PVT', 'Tổng Công ty Cổ phần Vận tải Dầu khí', 'Vận tải', 19_000, 4_000],
  ['BSR', 'Công ty Cổ phần Lọc hóa dầu Bình Sơn', 'Dầu khí', 20_000, 8_000],
  ['KDC', 'Công ty Cổ phần Tập đoàn KIDO', 'Thực phẩm', 55_000, 500],
  ['GMD', 'Công ty Cổ phần Gemadept', 'Cảng biển', 60_000, 2_000],
  ['SBT', 'Công ty Cổ phần Thành Thành Công - Biên Hòa', 'Thực phẩm', 16_000, 2_000],
  ['CTD', 'Công ty Cổ phần Xây dựng Coteccons', 'Xây dựng', 80_000, 1_000],
  ['NLG', 'Công ty Cổ phần Đầu tư Nam Long', RE, 40_000, 3_000],
  ['VGC', 'Tổng Công ty Viglacera - CTCP', 'Vật liệu', 48_000, 1_500],
  ['VTP', 'Tổng Công ty Cổ phần Bưu chính Viettel', 'Vận tải', 120_000, 800],
  ['EVF', 'Công ty Tài chính Cổ phần Điện lực', 'Tài chính', 12_000, 8_000],
  ['CII', 'Công ty Cổ phần Đầu tư Hạ tầng Kỹ thuật Thành phố Hồ Chí Minh', 'Hạ tầng', 17_000, 8_000],
  ['BMP', 'Công ty Cổ phần Nhựa Bình Minh', 'Vật liệu', 140_000, 200],
  ['DBC', 'Công ty Cổ phần Tập đoàn Dabaco Việt Nam', 'Nông nghiệp', 28_000, 3_000],
  ['PC1', 'Công ty Cổ phần Tập đoàn PC1', 'Xây dựng', 22_000, 4_000],
  ['HAH', 'Công ty Cổ phần Vận tải và Xếp dỡ Hải An', 'Vận tải', 60_000, 2_000],
  ['ANV', 'Công ty Cổ phần Nam Việt', 'Thủy sản', 25_000, 3_000],
  ['IDI', 'Công ty Cổ phần Đầu tư và Phát triển Đa Quốc Gia I.D.I', 'Thủy sản', 8_800, 3_000],
  ['TCH', 'Công ty Cổ phần Đầu tư Dịch vụ Tài chính Hoàng Huy', RE, 20_000, 8_000],
  ['VCG', 'Tổng Công ty Cổ phần Xuất nhập khẩu và Xây dựng Việt Nam', 'Xây dựng', 22_000, 8_000],
  ['FTS', 'Công ty Cổ phần Chứng khoán FPT', SEC, 38_000, 2_000],
  ['CTS', 'Công ty Cổ phần Chứng khoán Ngân hàng Công thương Việt Nam', SEC, 35_000, 2_000],
  ['ORS', 'Công ty Cổ phần Chứng khoán Tiên Phong', SEC, 15_000, 4_000],
  ['BAF', 'Công ty Cổ phần Nông nghiệp BAF Việt Nam', 'Nông nghiệp', 35_000, 2_000],
  ['DHC', 'Công ty Cổ phần Đông Hải Bến Tre', 'Giấy', 35_000, 500],
  ['LCG', 'Công ty Cổ phần LIZEN', 'Xây dựng', 11_000, 5_000],
  ['HQC', 'Công ty Cổ phần Tư vấn - Thương mại - Dịch vụ Địa ốc Hoàng Quân', RE, 3_500, 10_000],
  ['ITA', 'Công ty Cổ phần Đầu tư và Công nghiệp Tân Tạo', RE, 7_500, 5_000],
  ['SCR', 'Công ty Cổ phần Địa ốc Sài Gòn Thương Tín', RE, 8_500, 5_000],
];

const HNX: Row[] = [
  ['SHS', 'Công ty Cổ phần Chứng khoán Sài Gòn - Hà Nội', SEC, 18_000, 20_000],
  ['PVS', 'Tổng Công ty Cổ phần Dịch vụ Kỹ thuật Dầu khí Việt Nam', 'Dầu khí', 32_000, 8_000],
  ['CEO', 'Công ty Cổ phần Tập đoàn C.E.O', RE, 20_000, 10_000],
  ['IDC', 'Tổng Công ty IDICO - CTCP', RE, 42_000, 3_000],
  ['MBS', 'Công ty Cổ phần Chứng khoán MB', SEC, 30_000, 6_000],
  ['NVB', 'Ngân hàng TMCP Quốc Dân', BANK, 11_000, 3_000],
  ['TNG', 'Công ty Cổ phần Đầu tư và Thương mại TNG', 'Dệt may', 20_000, 2_000],
  ['PVC', 'Tổng Công ty Hóa chất và Dịch vụ Dầu khí - CTCP', 'Dầu khí', 10_500, 2_000],
  ['HUT', 'Công ty Cổ phần Tasco', 'Hạ tầng', 17_000, 4_000],
  ['VCS', 'Công ty Cổ phần Vicostone', 'Vật liệu', 60_000, 300],
  ['L14', 'Công ty Cổ phần Licogi 14', 'Xây dựng', 40_000, 300],
  ['BVS', 'Công ty Cổ phần Chứng khoán Bảo Việt', SEC, 35_000, 800],
  ['TAR', 'Công ty Cổ phần Nông nghiệp Công nghệ cao Trung An', 'Nông nghiệp', 9_000, 1_000],
  ['LAS', 'Công ty Cổ phần Supe Phốt phát và Hóa chất Lâm Thao', 'Hóa chất', 20_000, 1_000],
  ['PLC', 'Tổng Công ty Hóa dầu Petrolimex - CTCP', 'Hóa chất', 25_000, 500],
  ['DTD', 'Công ty Cổ phần Đầu tư Phát triển Thành Đạt', RE, 30_000, 1_000],
  ['NTP', 'Công ty Cổ phần Nhựa Thiếu niên Tiền Phong', 'Vật liệu', 60_000, 300],
  ['VC3', 'Công ty Cổ phần Tập đoàn Nam Mê Kông', 'Xây dựng', 25_000, 1_000],
  ['HLD', 'Công ty Cổ phần Đầu tư và Phát triển Bất động sản HUDLAND', RE, 25_000, 300],
  ['S99', 'Công ty Cổ phần SCI', 'Xây dựng', 12_000, 1_000],
  ['API', 'Công ty Cổ phần Đầu tư Châu Á - Thái Bình Dương', RE, 8_000, 1_000],
  ['DHT', 'Công ty Cổ phần Dược phẩm Hà Tây', 'Dược phẩm', 90_000, 100],
  ['BCC', 'Công ty Cổ phần Xi măng Bỉm Sơn', 'Vật liệu', 9_000, 1_000],
  ['THD', 'Công ty Cổ phần Thaiholdings', RE, 35_000, 300],
  ['PVI', 'Công ty Cổ phần PVI', 'Bảo hiểm', 50_000, 300],
  ['IDJ', 'Công ty Cổ phần Đầu tư IDJ Việt Nam', RE, 6_000, 2_000],
  ['VFS', 'Công ty Cổ phần Chứng khoán Nhất Việt', SEC, 15_000, 1_000],
  ['TVD', 'Công ty Cổ phần Than Vàng Danh - Vinacomin', 'Khai khoáng', 12_000, 300],
];

const UPCOM: Row[] = [
  ['ACV', 'Tổng Công ty Cảng hàng không Việt Nam - CTCP', 'Hàng không', 60_000, 1_500],
  ['VEA', 'Tổng Công ty Máy động lực và Máy nông nghiệp Việt Nam - CTCP', 'Công nghiệp', 40_000, 500],
  ['MCH', 'Công ty Cổ phần Hàng tiêu dùng Masan', 'Tiêu dùng', 160_000, 300],
  ['VGI', 'Tổng Công ty Cổ phần Đầu tư Quốc tế Viettel', 'Viễn thông', 80_000, 1_000],
  ['QNS', 'Công ty Cổ phần Đường Quảng Ngãi', 'Thực phẩm', 48_000, 1_000],
  ['OIL', 'Tổng Công ty Dầu Việt Nam - CTCP', 'Dầu khí', 11_000, 2_000],
  ['FOX', 'Công ty Cổ phần Viễn thông FPT', 'Viễn thông', 70_000, 200],
  ['ABB', 'Ngân hàng TMCP An Bình', BANK, 8_000, 2_000],
  ['BVB', 'Ngân hàng TMCP Bản Việt', BANK, 12_000, 1_000],
  ['LTG', 'Công ty Cổ phần Tập đoàn Lộc Trời', 'Nông nghiệp', 30_000, 300],
  ['MSR', 'Công ty Cổ phần Masan High-Tech Materials', 'Khai khoáng', 20_000, 500],
  ['VGT', 'Tập đoàn Dệt May Việt Nam', 'Dệt may', 12_000, 500],
  ['HNG', 'Công ty Cổ phần Nông nghiệp Quốc tế Hoàng Anh Gia Lai', 'Nông nghiệp', 6_000, 3_000],
  ['DDV', 'Công ty Cổ phần DAP - VINACHEM', 'Hóa chất', 25_000, 500],
  ['AAS', 'Công ty Cổ phần Chứng khoán SmartInvest', SEC, 8_000, 1_000],
  ['TVN', 'Tổng Công ty Thép Việt Nam - CTCP', 'Thép', 8_000, 1_000],
  ['PXL', 'Công ty Cổ phần Đầu tư Xây dựng Dầu khí IDICO', RE, 15_000, 500],
  ['SBS', 'Công ty Cổ phần Chứng khoán Ngân hàng Sài Gòn Thương Tín', SEC, 6_000, 1_000],
  ['C4G', 'Công ty Cổ phần Tập đoàn CIENCO4', 'Xây dựng', 8_500, 2_000],
  ['DRI', 'Công ty Cổ phần Đầu tư Cao su Đắk Lắk', 'Cao su', 12_000, 300],
  ['MML', 'Công ty Cổ phần Masan MEATLife', 'Thực phẩm', 30_000, 100],
  ['KLB', 'Ngân hàng TMCP Kiên Long', BANK, 15_000, 500],
  ['MPC', 'Công ty Cổ phần Tập đoàn Thủy sản Minh Phú', 'Thủy sản', 15_000, 300],
  ['PGB', 'Ngân hàng TMCP Thịnh vượng và Phát triển', BANK, 15_000, 300],
  ['SGB', 'Ngân hàng TMCP Sài Gòn Công Thương', BANK, 12_000, 200],
  ['G36', 'Tổng Công ty 36 - CTCP', 'Xây dựng', 8_000, 500],
];

const build = (rows: Row[], exchange: ExchangeCode, vn30 = false): DemoListing[] =>
  rows.map(([ticker, name, sector, price, volumeK]) => ({
    ticker,
    exchange,
    name,
    sector,
    price,
    volumeK,
    ...(vn30 ? { vn30: true as const } : {}),
  }));

export const DEMO_LISTINGS: DemoListing[] = [
  ...build(VN30, 'HOSE', true),
  ...build(HOSE, 'HOSE'),
  ...build(HNX, 'HNX'),
  ...build(UPCOM, 'UPCOM'),
];
