/**
 * Taiwan's 22 counties and cities and their 368 townships and districts, each with its 3-digit
 * postal code (Chunghwa Post). Names are the official ones with 臺; shoppers often type 台, which
 * `normalizeCountyName` accepts. The islands without a postal service (釣魚臺, 東沙, 南沙) are left out.
 * Districts are written `zip name romanisation`, one string per county, to keep the table readable.
 *
 * The romanisations are Chunghwa Post's, from its Chinese-English address list (post.gov.tw, "中英文
 * 地址對照", as collected in github.com/donma/TaiwanAddressCityAreaRoadChineseEnglishJSON): Hanyu
 * Pinyin with the spellings Taiwan keeps (Tamsui, Lukang, Pingtung, Taitung, Hualien) and ’ between
 * syllables that would run together (Da’an). Only the Chinese names are stored and sent: the English
 * ones are for reading the list.
 */
const TABLE: ReadonlyArray<readonly [county: string, en: string, districts: string]> = [
  [
    '臺北市',
    'Taipei City',
    '100 中正區 Zhongzheng,103 大同區 Datong,104 中山區 Zhongshan,105 松山區 Songshan,106 大安區 Da’an,108 萬華區 Wanhua,110 信義區 Xinyi,111 士林區 Shilin,112 北投區 Beitou,114 內湖區 Neihu,115 南港區 Nangang,116 文山區 Wenshan',
  ],
  ['基隆市', 'Keelung City', '200 仁愛區 Ren’ai,201 信義區 Xinyi,202 中正區 Zhongzheng,203 中山區 Zhongshan,204 安樂區 Anle,205 暖暖區 Nuannuan,206 七堵區 Qidu'],
  [
    '新北市',
    'New Taipei City',
    '207 萬里區 Wanli,208 金山區 Jinshan,220 板橋區 Banqiao,221 汐止區 Xizhi,222 深坑區 Shenkeng,223 石碇區 Shiding,224 瑞芳區 Ruifang,226 平溪區 Pingxi,227 雙溪區 Shuangxi,228 貢寮區 Gongliao,231 新店區 Xindian,232 坪林區 Pinglin,233 烏來區 Wulai,234 永和區 Yonghe,235 中和區 Zhonghe,236 土城區 Tucheng,237 三峽區 Sanxia,238 樹林區 Shulin,239 鶯歌區 Yingge,241 三重區 Sanchong,242 新莊區 Xinzhuang,243 泰山區 Taishan,244 林口區 Linkou,247 蘆洲區 Luzhou,248 五股區 Wugu,249 八里區 Bali,251 淡水區 Tamsui,252 三芝區 Sanzhi,253 石門區 Shimen',
  ],
  ['連江縣', 'Lienchiang County', '209 南竿鄉 Nangan,210 北竿鄉 Beigan,211 莒光鄉 Juguang,212 東引鄉 Dongyin'],
  [
    '宜蘭縣',
    'Yilan County',
    '260 宜蘭市 Yilan,261 頭城鎮 Toucheng,262 礁溪鄉 Jiaoxi,263 壯圍鄉 Zhuangwei,264 員山鄉 Yuanshan,265 羅東鎮 Luodong,266 三星鄉 Sanxing,267 大同鄉 Datong,268 五結鄉 Wujie,269 冬山鄉 Dongshan,270 蘇澳鎮 Su’ao,272 南澳鄉 Nan’ao',
  ],
  ['新竹市', 'Hsinchu City', '300 東區 East,300 北區 North,300 香山區 Xiangshan'],
  [
    '新竹縣',
    'Hsinchu County',
    '302 竹北市 Zhubei,303 湖口鄉 Hukou,304 新豐鄉 Xinfeng,305 新埔鎮 Xinpu,306 關西鎮 Guanxi,307 芎林鄉 Qionglin,308 寶山鄉 Baoshan,310 竹東鎮 Zhudong,311 五峰鄉 Wufeng,312 橫山鄉 Hengshan,313 尖石鄉 Jianshi,314 北埔鄉 Beipu,315 峨眉鄉 Emei',
  ],
  [
    '桃園市',
    'Taoyuan City',
    '320 中壢區 Zhongli,324 平鎮區 Pingzhen,325 龍潭區 Longtan,326 楊梅區 Yangmei,327 新屋區 Xinwu,328 觀音區 Guanyin,330 桃園區 Taoyuan,333 龜山區 Guishan,334 八德區 Bade,335 大溪區 Daxi,336 復興區 Fuxing,337 大園區 Dayuan,338 蘆竹區 Luzhu',
  ],
  [
    '苗栗縣',
    'Miaoli County',
    '350 竹南鎮 Zhunan,351 頭份市 Toufen,352 三灣鄉 Sanwan,353 南庄鄉 Nanzhuang,354 獅潭鄉 Shitan,356 後龍鎮 Houlong,357 通霄鎮 Tongxiao,358 苑裡鎮 Yuanli,360 苗栗市 Miaoli,361 造橋鄉 Zaoqiao,362 頭屋鄉 Touwu,363 公館鄉 Gongguan,364 大湖鄉 Dahu,365 泰安鄉 Tai’an,366 銅鑼鄉 Tongluo,367 三義鄉 Sanyi,368 西湖鄉 Xihu,369 卓蘭鎮 Zhuolan',
  ],
  [
    '臺中市',
    'Taichung City',
    '400 中區 Central,401 東區 East,402 南區 South,403 西區 West,404 北區 North,406 北屯區 Beitun,407 西屯區 Xitun,408 南屯區 Nantun,411 太平區 Taiping,412 大里區 Dali,413 霧峰區 Wufeng,414 烏日區 Wuri,420 豐原區 Fengyuan,421 后里區 Houli,422 石岡區 Shigang,423 東勢區 Dongshi,424 和平區 Heping,426 新社區 Xinshe,427 潭子區 Tanzi,428 大雅區 Daya,429 神岡區 Shengang,432 大肚區 Dadu,433 沙鹿區 Shalu,434 龍井區 Longjing,435 梧棲區 Wuqi,436 清水區 Qingshui,437 大甲區 Dajia,438 外埔區 Waipu,439 大安區 Da’an',
  ],
  [
    '彰化縣',
    'Changhua County',
    '500 彰化市 Changhua,502 芬園鄉 Fenyuan,503 花壇鄉 Huatan,504 秀水鄉 Xiushui,505 鹿港鎮 Lukang,506 福興鄉 Fuxing,507 線西鄉 Xianxi,508 和美鎮 Hemei,509 伸港鄉 Shengang,510 員林市 Yuanlin,511 社頭鄉 Shetou,512 永靖鄉 Yongjing,513 埔心鄉 Puxin,514 溪湖鎮 Xihu,515 大村鄉 Dacun,516 埔鹽鄉 Puyan,520 田中鎮 Tianzhong,521 北斗鎮 Beidou,522 田尾鄉 Tianwei,523 埤頭鄉 Pitou,524 溪州鄉 Xizhou,525 竹塘鄉 Zhutang,526 二林鎮 Erlin,527 大城鄉 Dacheng,528 芳苑鄉 Fangyuan,530 二水鄉 Ershui',
  ],
  [
    '南投縣',
    'Nantou County',
    '540 南投市 Nantou,541 中寮鄉 Zhongliao,542 草屯鎮 Caotun,544 國姓鄉 Guoxing,545 埔里鎮 Puli,546 仁愛鄉 Ren’ai,551 名間鄉 Mingjian,552 集集鎮 Jiji,553 水里鄉 Shuili,555 魚池鄉 Yuchi,556 信義鄉 Xinyi,557 竹山鎮 Zhushan,558 鹿谷鄉 Lugu',
  ],
  ['嘉義市', 'Chiayi City', '600 東區 East,600 西區 West'],
  [
    '嘉義縣',
    'Chiayi County',
    '602 番路鄉 Fanlu,603 梅山鄉 Meishan,604 竹崎鄉 Zhuqi,605 阿里山鄉 Alishan,606 中埔鄉 Zhongpu,607 大埔鄉 Dapu,608 水上鄉 Shuishang,611 鹿草鄉 Lucao,612 太保市 Taibao,613 朴子市 Puzi,614 東石鄉 Dongshi,615 六腳鄉 Liujiao,616 新港鄉 Xingang,621 民雄鄉 Minxiong,622 大林鎮 Dalin,623 溪口鄉 Xikou,624 義竹鄉 Yizhu,625 布袋鎮 Budai',
  ],
  [
    '雲林縣',
    'Yunlin County',
    '630 斗南鎮 Dounan,631 大埤鄉 Dapi,632 虎尾鎮 Huwei,633 土庫鎮 Tuku,634 褒忠鄉 Baozhong,635 東勢鄉 Dongshi,636 臺西鄉 Taixi,637 崙背鄉 Lunbei,638 麥寮鄉 Mailiao,640 斗六市 Douliu,643 林內鄉 Linnei,646 古坑鄉 Gukeng,647 莿桐鄉 Citong,648 西螺鎮 Xiluo,649 二崙鄉 Erlun,651 北港鎮 Beigang,652 水林鄉 Shuilin,653 口湖鄉 Kouhu,654 四湖鄉 Sihu,655 元長鄉 Yuanchang',
  ],
  [
    '臺南市',
    'Tainan City',
    '700 中西區 West Central,701 東區 East,702 南區 South,704 北區 North,708 安平區 Anping,709 安南區 Annan,710 永康區 Yongkang,711 歸仁區 Guiren,712 新化區 Xinhua,713 左鎮區 Zuozhen,714 玉井區 Yujing,715 楠西區 Nanxi,716 南化區 Nanhua,717 仁德區 Rende,718 關廟區 Guanmiao,719 龍崎區 Longqi,720 官田區 Guantian,721 麻豆區 Madou,722 佳里區 Jiali,723 西港區 Xigang,724 七股區 Qigu,725 將軍區 Jiangjun,726 學甲區 Xuejia,727 北門區 Beimen,730 新營區 Xinying,731 後壁區 Houbi,732 白河區 Baihe,733 東山區 Dongshan,734 六甲區 Liujia,735 下營區 Xiaying,736 柳營區 Liuying,737 鹽水區 Yanshui,741 善化區 Shanhua,742 大內區 Danei,743 山上區 Shanshang,744 新市區 Xinshi,745 安定區 Anding',
  ],
  [
    '高雄市',
    'Kaohsiung City',
    '800 新興區 Xinxing,801 前金區 Qianjin,802 苓雅區 Lingya,803 鹽埕區 Yancheng,804 鼓山區 Gushan,805 旗津區 Qijin,806 前鎮區 Qianzhen,807 三民區 Sanmin,811 楠梓區 Nanzi,812 小港區 Xiaogang,813 左營區 Zuoying,814 仁武區 Renwu,815 大社區 Dashe,820 岡山區 Gangshan,821 路竹區 Luzhu,822 阿蓮區 Alian,823 田寮區 Tianliao,824 燕巢區 Yanchao,825 橋頭區 Qiaotou,826 梓官區 Ziguan,827 彌陀區 Mituo,828 永安區 Yong’an,829 湖內區 Hunei,830 鳳山區 Fengshan,831 大寮區 Daliao,832 林園區 Linyuan,833 鳥松區 Niaosong,840 大樹區 Dashu,842 旗山區 Qishan,843 美濃區 Meinong,844 六龜區 Liugui,845 內門區 Neimen,846 杉林區 Shanlin,847 甲仙區 Jiaxian,848 桃源區 Taoyuan,849 那瑪夏區 Namaxia,851 茂林區 Maolin,852 茄萣區 Qieding',
  ],
  ['澎湖縣', 'Penghu County', '880 馬公市 Magong,881 西嶼鄉 Xiyu,882 望安鄉 Wang’an,883 七美鄉 Qimei,884 白沙鄉 Baisha,885 湖西鄉 Huxi'],
  ['金門縣', 'Kinmen County', '890 金沙鎮 Jinsha,891 金湖鎮 Jinhu,892 金寧鄉 Jinning,893 金城鎮 Jincheng,894 烈嶼鄉 Lieyu,896 烏坵鄉 Wuqiu'],
  [
    '屏東縣',
    'Pingtung County',
    '900 屏東市 Pingtung,901 三地門鄉 Sandimen,902 霧臺鄉 Wutai,903 瑪家鄉 Majia,904 九如鄉 Jiuru,905 里港鄉 Ligang,906 高樹鄉 Gaoshu,907 鹽埔鄉 Yanpu,908 長治鄉 Changzhi,909 麟洛鄉 Linluo,911 竹田鄉 Zhutian,912 內埔鄉 Neipu,913 萬丹鄉 Wandan,920 潮州鎮 Chaozhou,921 泰武鄉 Taiwu,922 來義鄉 Laiyi,923 萬巒鄉 Wanluan,924 崁頂鄉 Kanding,925 新埤鄉 Xinpi,926 南州鄉 Nanzhou,927 林邊鄉 Linbian,928 東港鎮 Donggang,929 琉球鄉 Liuqiu,931 佳冬鄉 Jiadong,932 新園鄉 Xinyuan,940 枋寮鄉 Fangliao,941 枋山鄉 Fangshan,942 春日鄉 Chunri,943 獅子鄉 Shizi,944 車城鄉 Checheng,945 牡丹鄉 Mudan,946 恆春鎮 Hengchun,947 滿州鄉 Manzhou',
  ],
  [
    '臺東縣',
    'Taitung County',
    '950 臺東市 Taitung,951 綠島鄉 Ludao,952 蘭嶼鄉 Lanyu,953 延平鄉 Yanping,954 卑南鄉 Beinan,955 鹿野鄉 Luye,956 關山鎮 Guanshan,957 海端鄉 Haiduan,958 池上鄉 Chishang,959 東河鄉 Donghe,961 成功鎮 Chenggong,962 長濱鄉 Changbin,963 太麻里鄉 Taimali,964 金峰鄉 Jinfeng,965 大武鄉 Dawu,966 達仁鄉 Daren',
  ],
  [
    '花蓮縣',
    'Hualien County',
    '970 花蓮市 Hualien,971 新城鄉 Xincheng,972 秀林鄉 Xiulin,973 吉安鄉 Ji’an,974 壽豐鄉 Shoufeng,975 鳳林鎮 Fenglin,976 光復鄉 Guangfu,977 豐濱鄉 Fengbin,978 瑞穗鄉 Ruisui,979 萬榮鄉 Wanrong,981 玉里鎮 Yuli,982 卓溪鄉 Zhuoxi,983 富里鄉 Fuli',
  ],
]

export interface TaiwanDistrict {
  name: string
  /** Chunghwa Post's English name: `Da’an District`, `Luodong Township`, `Zhubei City` */
  name_en: string
  /** the 3-digit postal code; 5- and 6-digit codes start with it */
  zip: string
}

export interface TaiwanCounty {
  name: string
  name_en: string
  districts: TaiwanDistrict[]
}

/** What a 區, 鄉, 鎮 or 市 is called in English (the post writes `Dist.`; 鄉 and 鎮 are both townships). */
const KIND_EN: Record<string, string> = { 區: 'District', 鄉: 'Township', 鎮: 'Township', 市: 'City' }

export const TAIWAN_COUNTIES: readonly TaiwanCounty[] = TABLE.map(([name, name_en, districts]) => ({
  name,
  name_en,
  districts: districts.split(',').map((entry) => {
    const [zip, district, ...romanised] = entry.split(' ')
    return { name: district!, name_en: `${romanised.join(' ')} ${KIND_EN[district!.slice(-1)]!}`, zip: zip! }
  }),
}))

const byCounty = new Map(TAIWAN_COUNTIES.map((c) => [c.name, c]))

/** Trims and writes 台 as 臺 (台北市 -> 臺北市, 臺西鄉 stays), the form the table uses. */
export const normalizeCountyName = (name: string) => name.trim().replaceAll('台', '臺')

export const findCounty = (name: string): TaiwanCounty | undefined => byCounty.get(normalizeCountyName(name))

export const findDistrict = (county: string, district: string): TaiwanDistrict | undefined =>
  findCounty(county)?.districts.find((d) => d.name === normalizeCountyName(district))

/** A postal code of 3, 5 (3+2, the older form) or 6 (3+3) digits. */
export const POSTAL_CODE_PATTERN = /^\d{3}(\d{2,3})?$/

/** Whether `zip` is a well-formed postal code that belongs to the district: its first 3 digits are the district's. */
export const zipMatchesDistrict = (zip: string, county: string, district: string) => {
  const found = findDistrict(county, district)
  return Boolean(found && POSTAL_CODE_PATTERN.test(zip) && zip.slice(0, 3) === found.zip)
}
