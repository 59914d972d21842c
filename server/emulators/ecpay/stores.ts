/**
 * The stores the sandbox's map offers: made-up stores of each chain across Taiwan, the outlying
 * islands included (CVSOutSide '1'), under the store numbers ECPay's documentation gives for
 * testing where it gives one (7-ELEVEN 131386, FamilyMart 006598 and 001779, OK Mart 1328). They
 * are the sandbox's fixtures: addresses and telephone numbers are invented.
 */
export const B2C_SUBTYPES = ['UNIMART', 'FAMI', 'HILIFE'] as const
export type LogisticsSubType = (typeof B2C_SUBTYPES)[number]

export interface FixtureStore {
  /** CVSStoreID: 6 characters at most, as Create's ReceiverStoreID takes it */
  id: string
  name: string
  address: string
  telephone: string
  /** CVSOutSide: '0' on the main island, '1' on an outlying island */
  outside: '0' | '1'
}

const store = (id: string, name: string, address: string, telephone: string, outside: '0' | '1' = '0'): FixtureStore => ({ id, name, address, telephone, outside })

export const SANDBOX_STORES: Record<LogisticsSubType, readonly FixtureStore[]> = {
  UNIMART: [
    store('131386', '測試門市', '台北市中正區忠孝西路一段 1 號', '02-2311-0001'),
    store('131402', '站前門市', '台北市中正區館前路 8 號', '02-2311-0002'),
    store('152701', '信義門市', '台北市信義區松仁路 100 號', '02-2720-0003'),
    store('173514', '板橋門市', '新北市板橋區文化路一段 20 號', '02-2960-0004'),
    store('186027', '中壢門市', '桃園市中壢區中正路 50 號', '03-425-0005'),
    store('201538', '台中公園門市', '台中市北區公園路 30 號', '04-2220-0006'),
    store('228049', '台南孔廟門市', '台南市中西區南門路 12 號', '06-213-0007'),
    store('245550', '高雄三多門市', '高雄市苓雅區三多四路 60 號', '07-331-0008'),
    store('263061', '花蓮站門市', '花蓮縣花蓮市國聯一路 3 號', '03-833-0009'),
    store('270572', '馬公門市', '澎湖縣馬公市中正路 15 號', '06-927-0010', '1'),
    store('281083', '金城門市', '金門縣金城鎮民生路 7 號', '082-32-0011', '1'),
    store('292594', '南竿門市', '連江縣南竿鄉介壽村 20 號', '0836-2-0012', '1'),
  ],
  FAMI: [
    store('006598', '測試店', '台北市大安區復興南路一段 200 號', '02-2700-0101'),
    store('001779', '工業店', '新北市五股區五工路 10 號', '02-2298-0102'),
    store('010234', '永康店', '台北市大安區永康街 5 號', '02-2395-0103'),
    store('012345', '新竹站前店', '新竹市東區中華路二段 40 號', '03-522-0104'),
    store('013456', '逢甲店', '台中市西屯區福星路 80 號', '04-2452-0105'),
    store('014567', '嘉義文化店', '嘉義市東區文化路 90 號', '05-222-0106'),
    store('015678', '高雄駁二店', '高雄市鹽埕區大勇路 3 號', '07-521-0107'),
    store('016789', '宜蘭站店', '宜蘭縣宜蘭市光復路 1 號', '03-932-0108'),
    store('017890', '台東鐵花店', '台東縣台東市新生路 10 號', '089-34-0109'),
    store('018901', '澎湖西文店', '澎湖縣馬公市西文里 50 號', '06-926-0110', '1'),
    store('019012', '金湖店', '金門縣金湖鎮復興路 8 號', '082-33-0111', '1'),
  ],
  HILIFE: [
    store('4001', '北車店', '台北市中正區市民大道一段 100 號', '02-2555-0201'),
    store('4012', '師大店', '台北市大安區師大路 60 號', '02-2363-0202'),
    store('4023', '三重店', '新北市三重區重新路二段 15 號', '02-2982-0203'),
    store('4034', '桃園藝文店', '桃園市桃園區中正路 1100 號', '03-316-0204'),
    store('4045', '台中一中店', '台中市北區一中街 40 號', '04-2224-0205'),
    store('4056', '彰化站前店', '彰化縣彰化市三民路 2 號', '04-723-0206'),
    store('4067', '高雄巨蛋店', '高雄市左營區博愛二路 300 號', '07-550-0207'),
    store('4078', '屏東店', '屏東縣屏東市民族路 30 號', '08-732-0208'),
    store('4089', '澎湖店', '澎湖縣馬公市光復路 20 號', '06-927-0209', '1'),
  ],
}

/** The store of this number in the chain's list. */
export const storeOf = (subType: LogisticsSubType, id: string): FixtureStore | undefined => SANDBOX_STORES[subType].find((s) => s.id === id)

/** The chain's stores whose number, name or address holds `query` (all of them for an empty one). */
export function searchStores(subType: LogisticsSubType, query: string): readonly FixtureStore[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return SANDBOX_STORES[subType]
  // 台 and 臺 are the same character to a shopper
  const fold = (text: string) => text.toLowerCase().replaceAll('臺', '台')
  return SANDBOX_STORES[subType].filter((s) => words.every((word) => fold(`${s.id} ${s.name} ${s.address}`).includes(fold(word))))
}
