/**
 * Builds server/db/seed/catalogue.json from the compact, hand-written source data below.
 *
 *   node --import tsx scripts/build-seed-catalogue.ts
 *
 * Deterministic: stock, arrival days, expiry dates, sizes and ranks come from a seeded PRNG keyed
 * by SKU, so running it twice gives the same file.
 *
 * Product block format (one block per product, blocks separated by a blank line):
 *   line 1  categories|city|trend|pack|flags      categories: short codes joined by "+", the first
 *                                                  one decides the SKU prefix; trend: short code or "-";
 *                                                  pack: a key of PACKS; flags: "*" = best seller
 *   line 2  zh_tw name|en name|ja name
 *   line 3  variants separated by ";"              unitN:price (see UNITS) or [zh/en/ja]:price
 *   line 4  zh_tw description
 *   line 5  en description
 *   line 6  ja description
 */
import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { CatalogueFileSchema, type CatalogueFile } from '../contract/catalogue-file'
import { japaneseReadings } from '../server/modules/search/readings'
import { PACKS } from './lib/packs'

type L = { zh_tw: string; en: string; ja: string }
const l = (zh_tw: string, en: string, ja: string): L => ({ zh_tw, en, ja })

const CATEGORIES = [
  { slug: 'snacks', code: 'snk', prefix: 'SNK', name: l('零食', 'Snacks', 'スナック菓子') },
  { slug: 'sweets', code: 'swt', prefix: 'SWT', name: l('甜點', 'Sweets', 'お菓子・スイーツ') },
  { slug: 'drinks', code: 'drk', prefix: 'DRK', name: l('飲料', 'Drinks', '飲み物') },
  { slug: 'ramen-noodles', code: 'rmn', prefix: 'RMN', name: l('拉麵・麵類', 'Ramen & Noodles', 'ラーメン・麺類') },
  { slug: 'tea', code: 'tea', prefix: 'TEA', name: l('茶', 'Tea', 'お茶') },
  { slug: 'regional-gifts', code: 'gft', prefix: 'GFT', name: l('地方名產', 'Regional Specialities', 'ご当地名産') },
  { slug: 'souvenirs', code: 'sou', prefix: 'SOU', name: l('紀念品', 'Souvenirs & Crafts', '雑貨・工芸品') },
  { slug: 'seasonal', code: 'ssn', prefix: 'SSN', name: l('季節限定', 'Seasonal', '季節限定') },
] as const

const CITIES: { slug: string; name: L; prefecture: L; hot?: boolean }[] = [
  { slug: 'osaka', name: l('大阪', 'Osaka', '大阪'), prefecture: l('大阪府', 'Osaka Prefecture', '大阪府'), hot: true },
  { slug: 'kyoto', name: l('京都', 'Kyoto', '京都'), prefecture: l('京都府', 'Kyoto Prefecture', '京都府'), hot: true },
  { slug: 'kobe', name: l('神戶', 'Kobe', '神戸'), prefecture: l('兵庫縣', 'Hyogo Prefecture', '兵庫県'), hot: true },
  { slug: 'nara', name: l('奈良', 'Nara', '奈良'), prefecture: l('奈良縣', 'Nara Prefecture', '奈良県'), hot: true },
  { slug: 'wakayama', name: l('和歌山', 'Wakayama', '和歌山'), prefecture: l('和歌山縣', 'Wakayama Prefecture', '和歌山県'), hot: true },
  { slug: 'sapporo', name: l('札幌・北海道', 'Sapporo & Hokkaido', '札幌・北海道'), prefecture: l('北海道', 'Hokkaido', '北海道') },
  { slug: 'sendai', name: l('仙台', 'Sendai', '仙台'), prefecture: l('宮城縣', 'Miyagi Prefecture', '宮城県') },
  { slug: 'tokyo', name: l('東京', 'Tokyo', '東京'), prefecture: l('東京都', 'Tokyo Metropolis', '東京都') },
  { slug: 'yokohama', name: l('橫濱', 'Yokohama', '横浜'), prefecture: l('神奈川縣', 'Kanagawa Prefecture', '神奈川県') },
  { slug: 'shizuoka', name: l('靜岡', 'Shizuoka', '静岡'), prefecture: l('靜岡縣', 'Shizuoka Prefecture', '静岡県') },
  { slug: 'nagoya', name: l('名古屋', 'Nagoya', '名古屋'), prefecture: l('愛知縣', 'Aichi Prefecture', '愛知県') },
  { slug: 'kanazawa', name: l('金澤', 'Kanazawa', '金沢'), prefecture: l('石川縣', 'Ishikawa Prefecture', '石川県') },
  { slug: 'hiroshima', name: l('廣島', 'Hiroshima', '広島'), prefecture: l('廣島縣', 'Hiroshima Prefecture', '広島県') },
  { slug: 'fukuoka', name: l('福岡', 'Fukuoka', '福岡'), prefecture: l('福岡縣', 'Fukuoka Prefecture', '福岡県') },
  { slug: 'kagoshima', name: l('鹿兒島', 'Kagoshima', '鹿児島'), prefecture: l('鹿兒島縣', 'Kagoshima Prefecture', '鹿児島県') },
  { slug: 'okinawa', name: l('沖繩', 'Okinawa', '沖縄'), prefecture: l('沖繩縣', 'Okinawa Prefecture', '沖縄県') },
]

const TREND_GROUPS: { slug: string; code: string; name: L; description: L }[] = [
  {
    slug: 'matcha-lovers',
    code: 'mat',
    name: l('抹茶控', 'Matcha Lovers', '抹茶好きのあなたへ'),
    description: l(
      '從宇治到西尾，精選濃郁微苦的抹茶甜點、茶葉與茶具。',
      'Rich, gently bitter matcha sweets, teas and tea tools from Uji to Nishio.',
      '宇治から西尾まで、濃厚でほろ苦い抹茶スイーツとお茶、茶道具を集めました。',
    ),
  },
  {
    slug: 'kansai-classics',
    code: 'kan',
    name: l('關西經典', 'Kansai Classics', '関西の定番'),
    description: l(
      '大阪、京都、神戶、奈良、和歌山的人氣老味道，一次帶回家。',
      'The long-loved favourites of Osaka, Kyoto, Kobe, Nara and Wakayama in one place.',
      '大阪・京都・神戸・奈良・和歌山で長く愛される定番の味をまとめてどうぞ。',
    ),
  },
  {
    slug: 'gift-boxes',
    code: 'gft',
    name: l('伴手禮禮盒', 'Gift Boxes', '手土産ギフト'),
    description: l(
      '包裝體面、送禮不失禮的日本各地名產禮盒。',
      'Beautifully wrapped regional gift boxes that are always a safe present.',
      '贈り物にぴったり、包装も美しい各地の名産ギフトです。',
    ),
  },
  {
    slug: 'office-snacks',
    code: 'off',
    name: l('辦公室零嘴', 'Office Snacks', 'オフィスのおやつ'),
    description: l(
      '個別包裝、方便分享，下午三點的小確幸。',
      'Individually wrapped treats that are easy to share at three o’clock.',
      '個包装で配りやすい、午後三時のちょっとしたご褒美。',
    ),
  },
  {
    slug: 'ramen-at-home',
    code: 'ram',
    name: l('在家吃拉麵', 'Ramen at Home', 'おうちでラーメン'),
    description: l(
      '博多、札幌、和歌山……各地名店風味的拉麵與麵類組合。',
      'Ramen and noodle kits in the styles of Hakata, Sapporo, Wakayama and more.',
      '博多、札幌、和歌山など、各地のご当地ラーメンと麺をおうちで。',
    ),
  },
  {
    slug: 'winter-limited',
    code: 'win',
    name: l('冬季限定', 'Winter Limited', '冬季限定'),
    description: l(
      '栗子、巧克力、熱飲與年節好物，只在寒冷的季節登場。',
      'Chestnut, chocolate, warm drinks and New Year treats that only appear in the cold months.',
      '栗やチョコレート、温かい飲み物にお正月の品。寒い季節だけの限定品です。',
    ),
  },
  {
    slug: 'sakura-season',
    code: 'sak',
    name: l('櫻花季', 'Sakura Season', '桜の季節'),
    description: l(
      '淡淡粉紅與鹽漬櫻花香，把日本的春天裝進盒子裡。',
      'Soft pink treats scented with salted cherry blossom: Japanese spring in a box.',
      '桜の塩漬けがほんのり香る、春限定の桜色のお菓子とお茶です。',
    ),
  },
  {
    slug: 'new-arrivals',
    code: 'new',
    name: l('新品上市', 'New Arrivals', '新着アイテム'),
    description: l(
      '剛從日本各地上架的新商品，搶先嚐鮮。',
      'Just landed from all over Japan: be the first to try them.',
      '日本各地から届いたばかりの新商品をいち早くお届けします。',
    ),
  },
]


/** Variant units: label builders for unitN tokens. */
const UNITS: Record<string, (n: number) => L> = {
  n: (n) => l(`${n}入`, `${n} pieces`, `${n}個入`),
  x: (n) => l(`${n}盒`, n === 1 ? '1 box' : `${n} boxes`, `${n}箱`),
  b: (n) => (n === 1 ? l('1袋', '1 bag', '1袋') : l(`${n}袋組`, `Set of ${n} bags`, `${n}袋セット`)),
  c: (n) => (n === 1 ? l('1罐', '1 can', '1缶') : n >= 24 ? l(`${n}罐（整箱）`, `Case of ${n} cans`, `${n}缶（1ケース）`) : l(`${n}罐`, `${n} cans`, `${n}缶`)),
  p: (n) => (n === 1 ? l('1瓶', '1 bottle', '1本') : l(`${n}瓶`, `${n} bottles`, `${n}本`)),
  s: (n) => l(`${n}人份`, `${n} servings`, `${n}食入`),
  g: (n) => l(`${n}g`, `${n} g`, `${n}g`),
  t: (n) => l(`${n}包茶包`, `${n} tea bags`, `ティーバッグ${n}袋`),
  d: (n) => l(`${n}包濾掛`, `${n} drip bags`, `ドリップバッグ${n}袋`),
  k: (n) => l(`${n}支`, n === 1 ? '1 stick pack' : `${n} stick packs`, `スティック${n}本`),
  i: (n) => l(`${n}個`, n === 1 ? '1 piece' : `${n} pieces`, `${n}個`),
  e: (n) => l(`${n}組`, n === 1 ? '1 set' : `${n} sets`, `${n}セット`),
  h: (n) => l(`${n}束`, `${n} bundles`, `${n}束`),
  m: (n) => l(`${n}片`, n === 1 ? '1 sheet' : `${n} sheets`, `${n}枚`),
}

const TREND_CODES: Record<string, string> = Object.fromEntries(TREND_GROUPS.map((t) => [t.code, t.slug]))
const CATEGORY_CODES: Record<string, (typeof CATEGORIES)[number]> = Object.fromEntries(CATEGORIES.map((c) => [c.code, c]))

// ───────────────────────────── snacks ─────────────────────────────
const DATA_SNACKS = `
snk|osaka|kan|bag-m|*
章魚燒風味仙貝|Takoyaki Rice Crackers|たこ焼き風味せんべい
b1:180;b3:499
酥脆米果刷上濃郁醬汁，再撒上柴魚片與青海苔，一口就是道頓堀章魚燒攤的味道。
Crisp rice crackers brushed with rich takoyaki sauce and sprinkled with bonito flakes and green laver: a Dotonbori street stall in one bite.
ソースを塗って焼き上げたおせんべいに、かつお節と青のりをたっぷり。道頓堀の屋台の味をひと口で。

snk|osaka|off|bag-m|
串炸醬汁洋芋片|Kushikatsu Sauce Potato Chips|串カツソース味ポテトチップス
b1:150
以新世界串炸店的辛香伍斯特醬為靈感，酸甜微辣，配啤酒或汽水都對味。
Inspired by the tangy Worcester-style dipping sauce of Shinsekai's kushikatsu bars: sweet, sour and a little peppery.
新世界の串カツ屋さんの「二度づけ禁止」ソースをイメージ。甘酸っぱくてスパイシーな味わいです。

snk|osaka|off|bag-m|
大阪燒風味玉米脆條|Okonomiyaki Corn Puffs|お好み焼き味コーンスナック
b1:160;b5:720
輕盈的玉米脆條裹上大阪燒醬與美乃滋風味粉，最後撒上青海苔，小朋友也愛吃。
Airy corn puffs dusted with okonomiyaki sauce and mayonnaise seasoning, finished with a pinch of green laver.
サクッと軽いコーンスナックに、お好み焼きソースとマヨネーズの風味をまぶして青のりで仕上げました。

snk|osaka|kan|bag-s|
大阪鹽昆布脆片|Osaka Shio-Kombu Crisps|大阪塩昆布チップス
b1:180;b3:499
使用大阪老舖熬煮的鹽昆布入味，鮮甜帶鹹，越嚼越有海味，是大人的下酒點心。
Seasoned with salted kombu simmered by an old Osaka kelp shop; savoury, briny and more umami with every bite.
大阪の老舗昆布屋が炊いた塩昆布で味付け。噛むほどに昆布のうま味が広がる大人のおつまみです。

snk|kyoto|kan|bag-s|
京都七味辣米果|Kyoto Shichimi Arare|京七味あられ
b1:220
一口大小的醬油米果，拌入京都老店的七味辣椒粉，山椒香氣清爽，辣度溫和。
Bite-sized soy sauce arare tossed with shichimi spice from an old Kyoto spice house: fragrant sansho pepper and a gentle heat.
ひと口サイズの醤油あられに、京都の老舗の七味唐辛子をからめました。山椒がさわやかに香ります。

snk|kyoto|new|bag-s|
京都豆皮脆片|Kyoto Yuba Chips|京ゆばチップス
b1:260
將京都名產生豆皮輕炸成薄脆片，只用海鹽調味，吃得到黃豆的香甜。
Fresh Kyoto yuba (tofu skin) lightly fried into delicate crisps and seasoned only with sea salt, so the soybean sweetness comes through.
京名物の生湯葉を薄くカリッと揚げ、塩だけで味付け。大豆の甘みがしっかり感じられます。

snk|kyoto|-|bag-s|
丹波黑豆烘豆|Tamba Roasted Black Soybeans|丹波黒豆の炒り豆
b1:250
丹波產的大顆黑豆低溫慢烘，外皮微裂、豆香濃郁，無添加砂糖，適合當健康零嘴。
Large Tamba black soybeans slowly roasted until the skins crack: nutty, rich and with no added sugar.
大粒の丹波黒豆をじっくり炒り上げました。香ばしく、砂糖不使用でヘルシーなおやつです。

snk|kobe|kan|box-s|
神戶牛咖哩仙貝|Kobe Beef Curry Senbei|神戸ビーフカレーせんべい
n12:380;n24:720
以神戶牛熬煮的咖哩風味入味，薄脆仙貝帶出溫和香料與牛肉的濃郁，個別包裝方便分送。
Thin senbei flavoured with a curry made with Kobe beef: mild spices and deep, beefy richness. Individually wrapped.
神戸ビーフを使ったカレーの風味を薄焼きせんべいに。スパイスと牛肉のコクが広がります。個包装。

snk|kobe|off|box-s|
神戶港起司脆餅|Kobe Harbour Cheese Crackers|神戸港チーズクラッカー
n10:320
夾入濃郁切達與高達起司的小脆餅，鹹香酥脆，配咖啡或紅茶都合適。
Little crackers sandwiching a rich blend of cheddar and gouda: salty, crunchy and good with coffee or tea.
チェダーとゴーダの濃厚なチーズをサンドした小さなクラッカー。コーヒーにも紅茶にも合います。

snk|nara|-|bag-s|
奈良漬仙貝|Narazuke Rice Crackers|奈良漬せんべい
b1:240
將酒粕醃漬的奈良漬切碎拌入米果，帶著淡淡酒香與醬香，是奈良才有的大人口味。
Rice crackers studded with chopped narazuke, Nara's sake-lees pickles, with a faint sake aroma and savoury depth.
酒粕に漬け込んだ奈良漬を刻んで練り込んだおせんべい。ほのかな酒粕の香りが大人の味わいです。

snk|nara|off|bag-s|
三輪素麵炸脆條|Miwa Somen Crunchy Sticks|三輪そうめんかりんとう
b1:190
將奈良三輪的手延素麵炸至金黃，裹上黑糖蜜，細細脆脆停不了口。
Hand-stretched Miwa somen from Nara fried golden and glazed with brown-sugar syrup: thin, crunchy and addictive.
奈良・三輪の手延べそうめんをカリッと揚げ、黒糖蜜をからめました。細くて軽い食感がやみつきに。

snk|wakayama|off|bag-m|*
紀州梅子米果|Kishu Ume Rice Crackers|紀州梅あられ
b1:200;b3:560
和歌山紀州南高梅的酸香融入酥脆米果，清爽解膩，夏天特別受歡迎。
Crunchy rice crackers with the tangy fragrance of Kishu Nanko plums from Wakayama; refreshing and especially popular in summer.
和歌山・紀州南高梅の爽やかな酸味をあられに。さっぱりとして、夏に特に人気です。

snk|wakayama|-|box-s|
和歌山魩仔魚仙貝|Wakayama Shirasu Senbei|和歌山しらすせんべい
n10:280
將湯淺灣的魩仔魚整片壓入薄仙貝中烤製，看得見小魚，鹹香鮮美。
Tiny whitebait from Yuasa Bay pressed whole into thin senbei and baked: you can see the little fish, and taste the sea.
湯浅湾のしらすをそのまま薄焼きせんべいに。小魚の姿が見える、香ばしい海の味です。

snk|wakayama|new|bag-s|
有田蜜柑乾|Arida Mikan Crisps|有田みかんチップス
b1:230
和歌山有田蜜柑連皮切片低溫乾燥，酸甜濃縮、口感酥脆，無添加砂糖。
Whole Arida mandarins from Wakayama sliced and slowly dried into crisp, sweet-tart rounds with no added sugar.
和歌山・有田みかんを皮ごと輪切りにして低温乾燥。甘酸っぱさがぎゅっと詰まった砂糖不使用のチップスです。

snk|sapporo|off|bag-m|
北海道奶油洋芋片|Hokkaido Butter Potato Crisps|北海道バターポテトチップス
b1:180;b4:680
北海道產馬鈴薯厚切油炸，搭配北海道奶油與岩鹽調味，香濃卻不膩口。
Thick-cut Hokkaido potatoes fried and seasoned with Hokkaido butter and rock salt: rich but never heavy.
北海道産じゃがいもを厚切りで揚げ、北海道バターと岩塩で味付け。コクがあるのに後味すっきり。

snk|sapporo|off|box-m|*
北海道薯條脆餅|Hokkaido Potato Sticks|北海道じゃがいもスティック
n10:420
連皮切成條狀的馬鈴薯酥條，小袋包裝共10袋，鹽味單純，大人小孩都愛。
Skin-on Hokkaido potato sticks with a simple salt seasoning, packed in ten small bags for sharing.
皮付きのままスティック状にしたじゃがいもスナック。シンプルな塩味で、食べきりサイズの小袋が10袋入り。

snk|sapporo|-|bag-m|
北海道玉米濃湯脆球|Hokkaido Sweet Corn Puffs|北海道とうもろこしパフ
b1:170
使用北海道甜玉米粉製作的脆球，帶著玉米濃湯般的奶香甜味。
Crunchy puffs made with sweet Hokkaido corn, with the creamy sweetness of corn potage.
北海道産スイートコーンを使ったパフ。コーンポタージュのようなやさしい甘さです。

snk|sapporo|-|bag-s|
北海道鮭魚冬葉乾|Hokkaido Salmon Jerky|北海道鮭とば
b1:350
北海道秋鮭切條後以海風吹乾，越嚼越鮮，是當地人最愛的下酒菜。
Strips of Hokkaido autumn salmon dried in the sea breeze; the more you chew, the richer it gets.
北海道産の秋鮭を細切りにして潮風で干しました。噛むほどにうま味が出る、地元で人気のおつまみです。

snk|sendai|-|bag-s|
仙台牛舌風味仙貝|Sendai Beef Tongue Senbei|仙台牛たん風味せんべい
b1:210
重現仙台名物炭烤牛舌的鹽味與胡椒香，薄脆仙貝一片接一片。
Thin senbei recreating the salt and black pepper flavour of Sendai's charcoal-grilled beef tongue.
仙台名物・炭火焼き牛たんの塩とこしょうの風味を薄焼きせんべいで再現しました。

snk|sendai|new|bag-s|
毛豆泥仙貝|Zunda Edamame Senbei|ずんだせんべい
b1:190
仙台人熟悉的毛豆泥「zunda」做成甜鹹仙貝，淡綠色外觀，毛豆香氣清新。
Sweet-and-salty senbei made with zunda, Sendai's beloved mashed edamame: pale green and fresh-tasting.
仙台でおなじみのずんだを使った甘じょっぱいせんべい。淡い緑色で、枝豆の香りがさわやかです。

snk|tokyo|-|bag-m|
月島文字燒風味餅乾|Tsukishima Monjayaki Crackers|月島もんじゃ焼き風味スナック
b1:160
以東京月島的文字燒為靈感，醬油與高麗菜香中帶著微焦的鐵板風味。
Inspired by the monjayaki griddles of Tsukishima in Tokyo: soy sauce, cabbage and a hint of scorched hot-plate.
東京・月島のもんじゃ焼きをイメージ。醤油とキャベツの香りに、鉄板のおこげ風味を添えました。

snk|tokyo|-|box-m|
江戶手烤醬油仙貝|Edo Hand-Grilled Soy Senbei|江戸手焼き醤油せんべい
n12:360;n24:680
職人一片片以炭火手烤，刷上醬油再烤，厚實香脆，是東京下町的老味道。
Grilled one by one over charcoal and brushed with soy sauce by hand: thick, crunchy and the taste of old downtown Tokyo.
職人が炭火で一枚ずつ手焼きし、醤油を塗り重ねました。厚みのある堅焼きで、東京下町の味です。

snk|yokohama|new|bag-m|
橫濱燒賣洋芋片|Yokohama Shumai Potato Chips|横浜シウマイ味ポテトチップス
b1:180
重現橫濱中華街燒賣的豬肉與干貝鮮味，附帶淡淡黃芥末香。
Recreating the pork-and-scallop flavour of Yokohama Chinatown shumai, with a touch of hot mustard.
横浜中華街のシウマイの豚肉と干し貝柱のうま味を再現。からしがほんのり効いています。

snk|yokohama|off|bag-s|
橫濱咖哩米果|Yokohama Curry Arare|横浜カレーあられ
b1:170
以港都洋食咖哩為靈感的小米果，辛香中帶甜，小袋裝方便帶著走。
Little rice crackers inspired by the Western-style curries of the port city: spicy, slightly sweet and easy to carry.
港町・横浜の洋食カレーをイメージした小さなあられ。スパイシーでほんのり甘い味です。

snk|nagoya|off|bag-m|
名古屋手羽先洋芋片|Nagoya Tebasaki Chicken Wing Chips|名古屋手羽先味ポテトチップス
b1:170;b3:480
名古屋名物炸雞翅的甜辣醬油與黑胡椒風味，香辣夠味。
The sweet soy glaze and black pepper kick of Nagoya's famous fried chicken wings, on a crunchy chip.
名古屋名物・手羽先の甘辛醤油と黒こしょうの風味。ピリッと後を引く味です。

snk|nagoya|-|box-m|*
名古屋蝦仙貝|Nagoya Prawn Senbei|名古屋えびせんべい
n16:420;n32:780
整隻鮮蝦壓烤而成的薄脆仙貝，蝦香四溢，是愛知縣代表性的伴手禮。
Paper-thin senbei pressed and baked with whole prawns, full of shellfish aroma: Aichi's classic souvenir.
えびを丸ごとプレスして焼き上げた薄焼きせんべい。えびの香りが広がる愛知の定番みやげです。

snk|nagoya|-|bag-s|
味噌豬排蝴蝶脆餅|Miso Katsu Pretzels|味噌カツ味プレッツェル
b1:160
以名古屋八丁味噌醬汁調味的小蝴蝶脆餅，甜鹹濃郁，意外地順口。
Little pretzels glazed with a Nagoya Hatcho-miso katsu sauce: sweet, salty and surprisingly moreish.
名古屋の八丁味噌のカツソースで味付けした小さなプレッツェル。甘辛くて後を引きます。

snk|shizuoka|-|bag-s|
由比櫻花蝦仙貝|Yui Sakura Shrimp Senbei|由比桜えびせんべい
b1:260
駿河灣由比港捕撈的櫻花蝦滿滿壓入仙貝，粉紅色外觀，蝦香酥脆。
Senbei packed with sakura shrimp from Yui port on Suruga Bay: pretty pink, crunchy and full of flavour.
駿河湾・由比港で水揚げされた桜えびをたっぷり焼き込んだ、桜色のおせんべいです。

snk|shizuoka|off|bag-s|
靜岡山葵豌豆|Shizuoka Wasabi Peas|静岡わさび豆
b1:150;b3:420
外層裹上靜岡產山葵粉的炸豌豆，入口先香後嗆，一吃就停不下來。
Crunchy fried peas coated in Shizuoka wasabi: first fragrant, then a sharp kick that keeps you reaching for more.
静岡産わさびの衣をまとわせたカリカリのえんどう豆。ツンとくる辛さがクセになります。

snk|shizuoka|-|bag-s|
濱松鰻魚骨脆片|Hamamatsu Eel Bone Crisps|浜松うなぎ骨せんべい
b1:220
將濱名湖鰻魚骨炸得酥脆，再以蒲燒醬調味，富含鈣質的傳統下酒菜。
Eel bones from Lake Hamana fried until crisp and seasoned with kabayaki sauce: a traditional calcium-rich nibble.
浜名湖のうなぎの骨をカリッと揚げ、蒲焼きのたれで味付け。カルシウムたっぷりの昔ながらの珍味です。

snk|kanazawa|-|bag-s|
能登海鹽米果|Noto Sea Salt Rice Crackers|能登の塩あられ
b1:200
以能登半島傳統揚濱式製鹽法製成的海鹽調味，鹹味圓潤，米香突出。
Seasoned with sea salt made by the traditional agehama method on the Noto Peninsula: a round, gentle saltiness that lets the rice shine.
能登半島の伝統製法「揚げ浜式」でつくった塩で味付け。まろやかな塩味でお米の香りが引き立ちます。

snk+gft|kanazawa|gft|box-m|
金澤金箔仙貝|Kanazawa Gold Leaf Senbei|金沢金箔せんべい
n8:480;n16:880
金澤特產金箔點綴於白糖仙貝上，華麗喜氣，適合婚禮或新年送禮。
Sugar-glazed senbei decorated with Kanazawa gold leaf: festive and elegant, perfect for weddings or New Year gifts.
金沢名産の金箔をあしらった砂糖蜜のおせんべい。華やかで、お祝いやお年賀の贈り物にぴったりです。

snk|hiroshima|-|bag-s|
廣島牡蠣醬油仙貝|Hiroshima Oyster Soy Senbei|広島かき醤油せんべい
b1:220
使用廣島灣牡蠣熬製的牡蠣醬油烘烤，鮮味濃厚、醬香迷人。
Baked with an oyster soy sauce made from Hiroshima Bay oysters, for a deep, savoury umami.
広島湾のかきを使ったかき醤油で焼き上げました。濃厚なうま味と醤油の香ばしさが魅力です。

snk|hiroshima|-|bag-m|
廣島燒風味洋芋片|Hiroshima Okonomiyaki Chips|広島お好み焼き味ポテトチップス
b1:170
重現加了炒麵與大量高麗菜的廣島燒，醬汁偏甜，香氣十足。
Capturing Hiroshima-style okonomiyaki, layered with noodles and cabbage, with its sweeter sauce.
そばとキャベツたっぷりの広島風お好み焼きを再現。甘めのソースが香ります。

snk|hiroshima|new|bag-s|
瀨戶內檸檬杏仁|Setouchi Lemon Almonds|瀬戸内レモンアーモンド
b1:240
烘烤杏仁裹上瀨戶內檸檬糖衣，酸甜清爽，搭配咖啡剛剛好。
Roasted almonds in a Setouchi lemon sugar coating: sweet, tangy and lovely with coffee.
ローストアーモンドに瀬戸内レモンの糖衣をかけました。甘酸っぱくてコーヒーのお供にぴったり。

snk|fukuoka|off|box-m|*
博多明太子仙貝|Hakata Mentaiko Senbei|博多明太子せんべい
n16:420;n32:780
大量博多辣味明太子烤進薄脆仙貝中，辣中帶鮮，是福岡最有人氣的伴手禮之一。
Thin senbei baked with plenty of Hakata spicy cod roe: a little heat, lots of flavour, and one of Fukuoka's top souvenirs.
博多の辛子明太子をたっぷり焼き込んだ薄焼きせんべい。ピリ辛でうま味豊かな福岡の人気みやげです。

snk|fukuoka|off|bag-m|
豚骨拉麵點心麵|Tonkotsu Ramen Snack Noodles|とんこつラーメンスナック
b1:150
把博多豚骨拉麵的濃郁湯頭做成可以直接吃的脆麵，還帶著紅薑風味。
Crunchy snack noodles with the rich flavour of Hakata tonkotsu broth and a hint of pickled ginger; eat straight from the bag.
博多とんこつラーメンの濃厚スープ味をそのまま食べられるスナック麺に。紅しょうがの風味付き。

snk|fukuoka|-|bag-m|
明太子美乃滋洋芋片|Mentaiko Mayo Potato Chips|明太マヨポテトチップス
b1:170
明太子的微辣鮮味加上濃醇美乃滋，薄切洋芋片酥脆爽口。
The gentle heat of mentaiko with creamy mayonnaise on thin, crisp potato chips.
明太子のピリッとしたうま味に濃厚なマヨネーズを合わせた、薄切りのポテトチップスです。

snk|kagoshima|-|bag-m|
鹿兒島蜜地瓜條|Kagoshima Sweet Potato Sticks|鹿児島芋けんぴ
b1:200;b3:560
鹿兒島產地瓜切條油炸後裹上糖蜜，外層脆硬、內裡香甜，是樸實的日本古早味。
Kagoshima sweet potatoes cut into sticks, fried and glazed with syrup: crunchy outside, sweet inside, an old-fashioned favourite.
鹿児島産さつまいもを細切りにして揚げ、蜜をからめました。カリッと香ばしい素朴な味わいです。

snk|kagoshima|-|bag-s|
鹿兒島黑豚肉乾|Kagoshima Kurobuta Pork Jerky|鹿児島黒豚ジャーキー
b1:320
以鹿兒島黑豚腿肉醃漬燻製，肉質柔軟、甜鹹適中，帶著淡淡煙燻香。
Kagoshima black pork marinated and smoked into tender jerky, balanced between sweet and salty.
鹿児島黒豚のもも肉を漬け込んで燻製に。やわらかく、ほどよい甘辛さとスモーキーな香りです。

snk|okinawa|-|bag-m|
沖繩紫薯片|Okinawa Beni-Imo Chips|沖縄紅いもチップス
b1:180
沖繩紅芋切薄片油炸，天然的紫色與淡淡甘甜，鹽味清爽。
Thinly sliced Okinawan purple sweet potato, fried and lightly salted: naturally purple and gently sweet.
沖縄の紅いもを薄くスライスして揚げました。自然な紫色とほのかな甘み、すっきりした塩味です。

snk|okinawa|new|bag-s|
沖繩苦瓜脆片|Okinawa Goya Chips|沖縄ゴーヤーチップス
b1:190
沖繩苦瓜切片酥炸，保留微微苦味，搭配海鹽調味，意外地順口。
Crispy fried slices of Okinawan bitter melon with a faint bitterness and a touch of sea salt — surprisingly easy to love.
沖縄のゴーヤーをスライスしてカリッと揚げ、塩で味付け。ほろ苦さがクセになります。
`

// ───────────────────────────── sweets ─────────────────────────────
const DATA_SWEETS = `
swt|kyoto|mat|box-m|*
宇治抹茶年輪蛋糕|Uji Matcha Baumkuchen|宇治抹茶バウムクーヘン
[小（直徑10cm）/Small (10 cm)/小（直径10cm）]:480;[大（直徑15cm）/Large (15 cm)/大（直径15cm）]:880
一層層烤上宇治抹茶麵糊，外層再裹抹茶糖霜，濕潤綿密、茶香濃郁。切片後搭配熱茶最對味。
Layer upon layer of Uji matcha batter, baked and finished with a matcha glaze: moist, fine-textured and deeply green. Slice and enjoy with hot tea.
宇治抹茶の生地を一層ずつ焼き重ね、抹茶のグラスでコーティング。しっとり濃厚で、温かいお茶とよく合います。

swt|kyoto|kan|box-s|*
京都八橋煎餅|Kyoto Yatsuhashi Crisps|京都八ツ橋
n12:260;n24:480;n36:690
以米粉、砂糖和肉桂烤成的弓形薄煎餅，香脆帶著肉桂香，是京都最經典的伴手禮。
Curved, crisp biscuits of rice flour, sugar and cinnamon baked to resemble a koto harp: Kyoto's most classic souvenir.
米粉と砂糖、ニッキで焼き上げた琴の形の堅焼き八ツ橋。香ばしいニッキの香りが広がる京都の定番みやげです。

swt|kyoto|kan|box-s|
生八橋紅豆麻糬|Nama Yatsuhashi with Red Bean|生八ツ橋（つぶあん）
[肉桂/Cinnamon/ニッキ]:260;[抹茶/Matcha/抹茶]:260;[綜合三味/Assorted (3 flavours)/三色詰め合わせ]:300
Q彈的生八橋麻糬皮對折包入顆粒紅豆餡，柔軟香甜，請於開封後盡早享用。
Soft, chewy yatsuhashi dough folded into a triangle around chunky red bean paste. Best enjoyed soon after opening.
もちもちの生八ツ橋の皮でつぶあんを三角に包みました。開封後はお早めにお召し上がりください。

swt|kyoto|mat|box-m|
宇治抹茶貓舌餅|Uji Matcha Langue de Chat|宇治抹茶ラングドシャ
n12:420;n24:780
兩片抹茶薄餅夾入白巧克力，宇治抹茶的微苦與白巧克力的奶香完美平衡。
Two thin matcha biscuits sandwiching white chocolate; the gentle bitterness of Uji matcha balanced with milky sweetness.
宇治抹茶のラングドシャでホワイトチョコをサンド。抹茶のほろ苦さとミルクの甘さが絶妙です。

swt|kyoto|mat|box-s|
抹茶蕨餅|Matcha Warabi Mochi|抹茶わらび餅
n4:380
入口即化的蕨餅撒上大量宇治抹茶粉，附黑糖蜜，冰過後更好吃。
Melt-in-the-mouth bracken-starch mochi dusted with Uji matcha and served with a brown-sugar syrup; even better chilled.
とろける食感のわらび餅に宇治抹茶をたっぷりまぶしました。黒蜜付き。冷やすとさらにおいしくいただけます。

swt|kyoto|-|box-s|
京都金平糖|Kyoto Konpeito Sugar Stars|京都の金平糖
[柚子/Yuzu/ゆず]:350;[草莓/Strawberry/いちご]:350;[綜合/Assorted/詰め合わせ]:380
老舖花上兩週以上慢慢滾製的星星糖，顆顆帶角，口味清雅，裝在小瓶中很可愛。
Star-shaped sugar candies rolled slowly for over two weeks by an old Kyoto confectioner, with delicate flavours in a cute little bottle.
老舗が二週間以上かけてじっくり育てた金平糖。角がきれいに立ち、上品な味わいです。小瓶入り。

swt|kyoto|mat|box-s|
京都焙茶生巧克力|Kyoto Hojicha Chocolate|京ほうじ茶チョコレート
n9:420
以京都焙茶的焙火香融入牛奶巧克力，甜而不膩，尾韻帶著淡淡茶香。
Milk chocolate infused with roasty Kyoto hojicha: sweet without being cloying, with a toasty tea finish.
京都のほうじ茶の香ばしさをミルクチョコレートに閉じ込めました。後味にほんのりお茶が香ります。

swt|kyoto|mat|bag-m|*
宇治抹茶迷你威化餅|Uji Matcha Mini Wafers|宇治抹茶ミニウエハース
b1:260;b3:720
酥脆威化餅裹上宇治抹茶巧克力，獨立小包裝，抹茶味濃郁，是辦公室分享的好選擇。
Crisp wafers coated in Uji matcha chocolate, individually wrapped and intensely green: ideal for sharing at the office.
サクサクのウエハースを宇治抹茶チョコでコーティング。個包装で、職場へのおみやげにも人気です。

swt|osaka|kan|box-m|
大阪城沙布列餅乾|Osaka Castle Sablés|大阪城サブレ
n10:380;n20:720
印上大阪城天守閣圖樣的奶油酥餅，口感鬆脆、奶香濃，包裝也很有紀念價值。
Buttery sablé biscuits stamped with the main keep of Osaka Castle: crumbly, rich and a keepsake in themselves.
大阪城の天守閣をかたどったバターたっぷりのサブレ。サクサクとした食感で、パッケージも記念になります。

swt|osaka|kan|box-s|*
大阪粟米香|Osaka Awa-Okoshi|大阪粟おこし
n12:280
大阪兩百多年歷史的傳統點心，將米粒與麥芽糖、生薑一起壓製成硬脆的米香。
A two-century-old Osaka treat of puffed rice pressed with malt syrup and ginger into crunchy bars.
二百年以上の歴史をもつ大阪の伝統菓子。お米を水飴と生姜で固めた、カリッと硬い食感です。

swt|osaka|new|bag-s|
大阪綜合果汁軟糖|Osaka Mixed Juice Gummies|大阪ミックスジュースグミ
b1:180
重現大阪喫茶店的招牌「綜合果汁」，香蕉、桃子與蜜柑的溫和甜味。
Gummies recreating the 'mixed juice' of Osaka's old coffee shops: banana, peach and mandarin in gentle harmony.
大阪の喫茶店の名物「ミックスジュース」を再現したグミ。バナナと桃、みかんのやさしい甘さです。

swt|osaka|-|box-s|
章魚燒造型巧克力|Takoyaki-Shaped Chocolates|たこ焼きチョコレート
n8:320
外型就像一盤章魚燒的球形巧克力，淋上巧克力「醬汁」與「柴魚」，讓人會心一笑。
Round chocolates that look just like a tray of takoyaki, complete with chocolate 'sauce' and 'bonito flakes' — a guaranteed laugh.
見た目はまるでたこ焼きの丸いチョコレート。チョコの「ソース」と「かつお節」まで再現した、笑える大阪みやげです。

swt|osaka|off|bag-m|
大阪阿姨的水果糖|Osaka Auntie Fruit Candies|大阪のおばちゃん飴ちゃん
b1:150;b3:420
大阪阿姨包包裡一定有的「飴ちゃん」，草莓、葡萄、蜜柑等多種口味獨立包裝。
The 'ame-chan' every Osaka auntie carries in her bag: strawberry, grape, mandarin and more, each individually wrapped.
大阪のおばちゃんのカバンに必ず入っている「飴ちゃん」。いちご、ぶどう、みかんなど個包装でいろいろな味。

swt|kobe|kan|box-m|*
神戶焦糖布丁|Kobe Caramel Pudding|神戸カスタードプリン
n4:380;n8:720
使用大量雞蛋與牛奶蒸烤的濃郁布丁，搭配微苦焦糖，常溫可保存，冰過後風味最佳。
A rich custard pudding steamed with plenty of eggs and milk, with a bittersweet caramel. Shelf-stable; best chilled before eating.
卵と牛乳をたっぷり使ってじっくり蒸し焼きにした濃厚プリン。ほろ苦いカラメル付き。常温保存可、冷やしてどうぞ。

swt|kobe|gft|box-m|*
神戶奶油薄餅|Kobe Butter Cream Gaufres|神戸ゴーフル
n12:420;n24:780;n36:1100
薄脆圓形煎餅夾入香草、草莓、巧克力三種奶油，神戶洋菓子的代表作。
Thin round wafers sandwiching vanilla, strawberry and chocolate cream: a classic of Kobe's Western-style confectionery.
薄く焼いた丸い生地でバニラ・いちご・チョコの3種のクリームをサンド。神戸洋菓子の代表格です。

swt|kobe|-|box-s|
神戶蘭姆葡萄奶油夾心餅|Kobe Rum-Raisin Butter Sandwiches|神戸ラムレーズンサンド
n5:320;n10:600
酥鬆餅乾夾入蘭姆酒漬葡萄乾與濃郁奶油霜，微微酒香，冰過口感更好。
Crumbly biscuits filled with rum-soaked raisins and rich buttercream; lightly boozy and even better chilled.
ラム酒漬けのレーズンと濃厚なバタークリームをサクサクのクッキーでサンドしました。冷やしてもおいしい。

swt|kobe|win|box-s|
神戶港松露巧克力|Kobe Harbour Truffles|神戸港トリュフショコラ
n9:560;n16:960
神戶老舖巧克力職人手工製作的松露巧克力，可可粉包覆，入口即化。
Handmade truffles by a long-established Kobe chocolatier, rolled in cocoa and melting on the tongue.
神戸の老舗ショコラティエが手づくりするトリュフ。ココアをまとい、口の中でとろけます。

swt|kobe|new|box-s|
神戶烤起司塔|Kobe Baked Cheese Tarts|神戸ベイクドチーズタルト
n6:420
酥脆塔皮裡填入北海道奶油起司，烤得表面金黃，微鹹微甜。
A crisp tart shell filled with Hokkaido cream cheese and baked until golden; lightly sweet with a salty edge.
サクサクのタルトに北海道産クリームチーズを詰めて焼き上げました。甘さとほのかな塩気が絶妙です。

swt|kobe|-|box-m|
神戶杏仁費南雪|Kobe Almond Financiers|神戸フィナンシェ
n8:420;n15:760
焦化奶油與杏仁粉烤成的金磚小蛋糕，外酥內潤，個別包裝方便分送。
Little gold-bar cakes of browned butter and almond flour: crisp-edged, moist inside and individually wrapped.
焦がしバターとアーモンドプードルで焼き上げた金塊形のフィナンシェ。外はカリッと中はしっとり、個包装です。

swt|nara|kan|box-m|*
奈良小鹿奶油餅乾|Nara Deer Butter Cookies|奈良鹿サブレ
n12:320;n24:600
模仿奈良公園鹿仙貝造型的圓形奶油餅乾，印著可愛小鹿，人吃的喔！
Round butter cookies modelled on the crackers visitors feed to Nara Park's deer, stamped with a little deer — these ones are for people!
奈良公園の鹿せんべいをモチーフにした丸いバタークッキー。鹿の焼き印入りで、こちらは人間用です。

swt|nara|-|box-s|
吉野葛餅|Yoshino Kuzu Mochi|吉野葛もち
n4:380
以奈良吉野本葛製成的透明葛餅，彈牙清涼，淋上黑糖蜜、撒上黃豆粉享用。
Translucent mochi made with genuine Yoshino kuzu from Nara: springy and cool, served with brown-sugar syrup and kinako.
奈良・吉野の本葛でつくった透き通る葛もち。ぷるんと涼やかで、黒蜜ときな粉でどうぞ。

swt|nara|win|box-s|
奈良柿子羊羹|Nara Persimmon Yokan|奈良柿羊羹
i1:420
以奈良產柿子果泥製成的羊羹，口感細緻、甜味溫和，切片配茶最雅致。
Yokan made with puréed Nara persimmons: smooth, mildly sweet and elegant sliced alongside green tea.
奈良産の柿をふんだんに使った羊羹。なめらかでやさしい甘さ、薄く切ってお茶と一緒にどうぞ。

swt|nara|kan|box-s|
奈良三笠銅鑼燒|Nara Mikasa Pancakes|奈良三笠焼き
n5:300;n10:560
關西稱銅鑼燒為「三笠」，源自奈良若草山。鬆軟餅皮夾著滿滿北海道紅豆餡。
In Kansai dorayaki are called 'mikasa' after Nara's Mt Wakakusa; fluffy pancakes filled generously with Hokkaido red bean paste.
関西でどら焼きを「三笠」と呼ぶのは奈良の若草山にちなんだもの。ふんわり生地に北海道産小豆のあんをたっぷり。

swt|nara|-|box-m|
大和茶沙布列|Yamato-Cha Sablés|大和茶サブレ
n12:340
揉入奈良大和茶茶葉的酥餅，茶香清爽，口感鬆脆，適合下午茶。
Crumbly sablés made with tea leaves from Nara's Yamato highlands, fresh-tasting and lovely in the afternoon.
奈良の大和茶の茶葉を練り込んだサブレ。さわやかな香りとほろほろの食感で、午後のお茶の時間に。

swt|wakayama|off|bag-s|*
紀州梅子糖|Kishu Ume Candy|紀州梅飴
b1:140;b3:380
以和歌山南高梅果肉製成的硬糖，酸甜清爽，喉嚨乾的時候來一顆剛剛好。
Hard candies made with Nanko plum from Wakayama: sweet, tart and refreshing whenever your throat feels dry.
和歌山の南高梅の果肉を使った飴。甘酸っぱくて、のどが乾いたときにぴったりです。

swt|wakayama|-|box-m|
有田蜜柑果凍|Arida Mikan Jelly|有田みかんゼリー
n6:480;n12:900
杯中放入整瓣有田蜜柑果肉，果汁比例高，冰涼後酸甜多汁。
Jelly cups filled with whole segments of Arida mandarin and plenty of juice; chill for a sweet, juicy treat.
有田みかんの果肉をまるごと閉じ込めた果汁たっぷりのゼリー。冷やすとより甘酸っぱくジューシーです。

swt|wakayama|-|box-s|
紀州梅果凍|Kishu Plum Jelly|紀州梅ゼリー
n6:420
每杯放入一整顆糖漬南高梅，梅香清新，不含酒精，全家都能享用。
Each cup holds a whole candied Nanko plum in clear jelly; fragrant, alcohol-free and for the whole family.
南高梅の甘露煮をまるごと一粒入れたゼリー。梅の香りがさわやかで、アルコール不使用です。

swt|wakayama|new|box-m|
白濱熊貓海綿蛋糕|Shirahama Panda Sponge Cakes|白浜パンダのスポンジケーキ
n8:380
以白濱動物園熊貓為造型的小海綿蛋糕，內餡是香濃卡士達，孩子最喜歡。
Little sponge cakes shaped like the pandas of Shirahama's zoo, filled with creamy custard — a favourite with children.
白浜の動物園のパンダをかたどった小さなスポンジケーキ。中はなめらかなカスタードです。

swt|wakayama|off|bag-s|
和歌山八朔軟糖|Wakayama Hassaku Gummies|和歌山はっさくグミ
b1:180
和歌山特產八朔柑的清爽酸味與微苦果皮香，Q彈軟糖獨立包裝。
Chewy gummies with the bright tartness and slightly bitter peel of Wakayama's hassaku citrus, individually wrapped.
和歌山特産のはっさくのさわやかな酸味とほろ苦さを閉じ込めたグミ。個包装です。

swt|sapporo|gft|box-m|*
北海道白巧克力貓舌餅|Hokkaido White Chocolate Langue de Chat|北海道ホワイトチョコラングドシャ
n12:480;n24:880;n36:1280
奶香濃郁的貓舌餅夾入北海道鮮奶製白巧克力，是北海道伴手禮的不敗經典。
Buttery langue de chat biscuits sandwiching white chocolate made with Hokkaido milk: the undefeated Hokkaido souvenir.
北海道の牛乳でつくったホワイトチョコレートを、バター香るラングドシャでサンド。北海道みやげの定番です。

swt|sapporo|-|box-m|
夕張哈密瓜果凍|Yubari Melon Jelly|夕張メロンゼリー
n6:520;n12:980
使用北海道夕張紅肉哈密瓜果汁，香甜濃郁，橘色果凍冰涼後口感滑順。
Made with juice from Hokkaido's prized orange-fleshed Yubari melons: fragrant, sweet and silky when chilled.
北海道・夕張の赤肉メロンの果汁を使ったゼリー。芳醇な甘さで、冷やすとなめらかな口当たりです。

swt|sapporo|off|box-s|
北海道牛奶糖|Hokkaido Milk Caramels|北海道ミルクキャラメル
n18:220
以北海道鮮奶與奶油熬煮的軟牛奶糖，奶味濃郁，是懷舊的好滋味。
Soft caramels simmered with Hokkaido milk and butter: creamy, rich and wonderfully nostalgic.
北海道の牛乳とバターでじっくり煮詰めたやわらかいミルクキャラメル。懐かしい味わいです。

swt|sapporo|win|box-s|*
北海道巧克力洋芋片|Chocolate-Coated Potato Chips|北海道ポテトチップチョコレート
n1:420
鹹脆洋芋片半面裹上濃郁牛奶巧克力，甜鹹交織，冬季限定最受歡迎。
Salty potato chips half-dipped in rich milk chocolate: sweet meets salty in the most popular winter-only treat.
塩味のポテトチップスの片面に濃厚なミルクチョコをコーティング。甘じょっぱさが人気の冬限定品です。

swt|sapporo|-|box-s|
十勝紅豆最中|Tokachi Azuki Monaka|十勝小豆もなか
n6:360
香脆的糯米外皮夾入北海道十勝紅豆熬煮的顆粒紅豆餡，吃前自己夾起來更酥脆。
Crisp rice wafers filled with chunky red bean paste from Tokachi in Hokkaido; assemble just before eating to keep them crunchy.
北海道十勝産小豆のつぶあんを香ばしい最中の皮で。食べる直前に挟むとパリッとした食感が楽しめます。

swt|sendai|-|box-s|*
仙台毛豆泥麻糬|Sendai Zunda Mochi|仙台ずんだ餅
n6:360
軟Q麻糬包覆著新鮮毛豆搗成的「zunda」豆泥，帶著顆粒感與淡淡鹹甜。
Soft mochi covered in zunda, freshly mashed edamame with a pleasant texture and a gentle sweet-salty taste.
やわらかいお餅に、枝豆をすりつぶしたずんだあんをたっぷり。粒感とほんのり塩気のある甘さです。

swt|sendai|gft|box-m|
仙台月見卡士達蛋糕|Sendai Moon Custard Cakes|仙台お月見カスタードケーキ
n6:420;n10:680
鬆軟海綿蛋糕包入滿滿卡士達醬，圓圓的外型像宮城的滿月，是仙台代表性伴手禮。
Fluffy sponge filled with custard cream, round like a full moon over Miyagi: Sendai's signature souvenir.
ふんわりスポンジでカスタードクリームを包んだ、宮城の満月のような丸いお菓子。仙台を代表するおみやげです。

swt|tokyo|gft|box-m|*
東京香蕉造型海綿蛋糕|Banana Custard Sponge Cakes from Tokyo|東京みやげバナナカスタードケーキ
n8:420;n16:800
香蕉造型的鬆軟海綿蛋糕，裡面是香蕉卡士達奶油，黃色包裝一看就知道是東京伴手禮。
Banana-shaped sponge cakes filled with banana custard cream; the bright yellow box says Tokyo souvenir at a glance.
バナナの形をしたふわふわスポンジの中に、バナナカスタードクリーム。黄色い箱がひと目で東京みやげです。

swt|tokyo|-|box-s|
淺草人形燒|Asakusa Ningyo-Yaki|浅草人形焼
n10:320
淺草仲見世通的傳統點心，雷門、五重塔造型的蜂蜜蛋糕包入紅豆餡。
A traditional treat from Asakusa's Nakamise street: little honey cakes shaped like the Kaminarimon and pagoda, filled with red bean.
浅草・仲見世通りの伝統菓子。雷門や五重塔の形をしたカステラ生地にこしあんを包みました。

swt|tokyo|gft|box-m|
銀座奶油餅乾禮罐|Ginza Butter Cookie Tin|銀座バタークッキー缶
e1:680
五種奶油餅乾整齊排列在復古鐵罐中，罐子吃完還能收納小物。
Five kinds of butter cookies neatly arranged in a retro tin that you'll want to keep afterwards.
5種類のバタークッキーをレトロな缶にきれいに詰め合わせました。食べ終わった缶は小物入れに。

swt|tokyo|off|box-s|
東京銅鑼燒|Tokyo Dorayaki|東京どら焼き
n5:300;n10:560
蜂蜜香濃的鬆軟餅皮夾入北海道紅豆餡，每個都是獨立包裝。
Fluffy honey pancakes sandwiching Hokkaido red bean paste, each one individually wrapped.
はちみつ香るふんわり生地で北海道産小豆のあんを挟みました。ひとつずつ個包装です。

swt|yokohama|-|box-m|
橫濱紅磚倉庫焦糖杏仁塔|Yokohama Caramel Almond Tarts|横浜キャラメルアーモンドタルト
n8:400
以橫濱紅磚倉庫為意象的小塔，焦糖杏仁片香脆，奶油塔皮酥鬆。
Little tarts inspired by Yokohama's Red Brick Warehouse: crunchy caramel almonds on a buttery crust.
横浜赤レンガ倉庫をイメージした小さなタルト。キャラメルアーモンドが香ばしく、生地はサクサクです。

swt|yokohama|off|bag-m|
元町牛奶麵包脆餅|Motomachi Milk Bread Rusks|元町ミルクラスク
b1:260
橫濱元町老麵包店的牛奶吐司切片烤成脆餅，塗上奶油與砂糖，香甜酥脆。
Milk bread from an old Motomachi bakery, sliced, buttered, sugared and baked into crisp rusks.
横浜元町の老舗ベーカリーのミルク食パンをバターと砂糖でラスクに。サクサクで香ばしい味わいです。

swt|nagoya|-|box-s|
名古屋外郎糕|Nagoya Uiro Rice Cakes|名古屋ういろう
n5:360
以米粉蒸製的傳統和菓子，紅豆、抹茶、櫻花、白、黑糖五色，口感Q軟細緻。
Traditional steamed rice-flour cakes in five colours — red bean, matcha, sakura, white and brown sugar — soft and smooth.
米粉を蒸してつくる伝統の和菓子。小豆・抹茶・桜・白・黒糖の5色で、もっちりなめらかな食感です。

swt|nagoya|new|box-s|
名古屋小倉吐司脆餅|Nagoya Ogura Toast Rusks|名古屋小倉トーストラスク
n8:320
重現名古屋早餐名物「紅豆奶油吐司」的脆餅，紅豆與奶油的甜鹹好搭配。
Rusks recreating Nagoya's breakfast favourite, toast with red bean and butter: sweet, salty and perfectly matched.
名古屋モーニングの名物「小倉トースト」をラスクで再現。あんことバターの甘じょっぱさが絶妙です。

swt|kanazawa|gft|box-m|
金澤金箔長崎蛋糕|Kanazawa Gold Leaf Castella|金沢金箔カステラ
i1:880
濕潤蜂蜜蛋糕表面鋪上一整片金澤金箔，切開時閃閃發亮，適合慶賀場合。
Moist honey castella topped with a whole sheet of Kanazawa gold leaf that glitters when sliced; made for celebrations.
しっとりしたカステラに金沢の金箔を一面にあしらいました。切り分けるたびにきらめく、お祝いの一品です。

swt|kanazawa|-|box-s|
加賀落雁|Kaga Rakugan Sugar Sweets|加賀の落雁
n20:420
以和三盆糖與米粉壓製成花朵、扇子形狀的乾菓子，入口即化，適合配抹茶。
Dry sweets of wasanbon sugar and rice flour pressed into flowers and fans; they melt on the tongue beside a bowl of matcha.
和三盆糖と米粉を花や扇の形に押し固めた干菓子。口の中ですっと溶け、お抹茶によく合います。

swt|hiroshima|-|box-m|*
宮島紅葉饅頭|Miyajima Momiji Manju|宮島もみじ饅頭
n10:400;n20:760
楓葉形狀的蜂蜜蛋糕包入細滑紅豆餡，宮島參道上現烤的老味道。
Maple-leaf shaped honey cakes filled with smooth red bean paste, the taste of the bakeries on Miyajima's approach road.
もみじの形をしたカステラ生地でこしあんを包んだ、宮島の参道で焼きたてが並ぶおなじみの味です。

swt|hiroshima|new|box-m|
瀨戶內檸檬蛋糕|Setouchi Lemon Cakes|瀬戸内レモンケーキ
n6:360;n12:680
使用廣島瀨戶內檸檬的果汁與果皮，外層裹上檸檬白巧克力，酸甜清新。
Made with juice and zest of Setouchi lemons from Hiroshima and coated in lemon white chocolate: bright and sweet-tart.
広島・瀬戸内レモンの果汁と皮を使い、レモン風味のホワイトチョコでコーティング。爽やかな甘酸っぱさです。

swt|fukuoka|gft|box-m|*
博多牛奶豆沙饅頭|Hakata Milk Bean Manju|博多ミルクまんじゅう
n8:420;n16:800
奶油香的外皮包著加了牛奶與奶油的白豆沙，西式和菓子口感，福岡人氣No.1伴手禮。
A buttery crust around white bean paste enriched with milk and butter: a Western-Japanese sweet and Fukuoka's number one souvenir.
バター香る皮で、ミルクとバター入りの白あんを包んだ和洋折衷のおまんじゅう。福岡で人気のおみやげです。

swt|fukuoka|-|box-s|
博多甘王草莓巧克力脆片|Amaou Strawberry Chocolate Crunch|あまおういちごチョコクランチ
n12:380
福岡名產甘王草莓凍乾後拌入白巧克力與穀物脆片，酸甜酥脆。
Freeze-dried Amaou strawberries from Fukuoka mixed with white chocolate and crispy cereal: sweet, tart and crunchy.
福岡名産あまおうのフリーズドライをホワイトチョコとクランチに混ぜ込みました。甘酸っぱくサクサクです。

swt|kagoshima|-|box-s|
鹿兒島輕羹|Kagoshima Karukan|鹿児島かるかん
n6:380
以山藥、米粉與砂糖蒸成的雪白蒸糕，口感輕盈有彈性，是薩摩的傳統和菓子。
Snow-white steamed cakes of mountain yam, rice flour and sugar: light, springy and a traditional sweet of Satsuma.
山芋と米粉、砂糖で蒸し上げた真っ白なお菓子。ふんわり弾力のある、薩摩の伝統和菓子です。

swt|okinawa|off|box-m|*
沖繩金楚糕|Okinawa Chinsuko Salt Cookies|沖縄ちんすこう（塩）
n12:200;n24:380;n48:720
琉球王朝流傳下來的酥鬆小餅乾，加入沖繩海鹽提味，兩片一包方便分送。
Crumbly little biscuits handed down from the Ryukyu kingdom, accented with Okinawan sea salt and packed two to a bag.
琉球王朝から伝わるほろほろのお菓子に、沖縄の塩をアクセントに。2個ずつの個包装で配りやすいです。

swt|okinawa|-|bag-s|*
沖繩黑糖塊|Okinawa Brown Sugar Chunks|沖縄黒糖
b1:160;b3:440
沖繩離島甘蔗汁直接熬煮成的純黑糖，礦物質豐富，可直接吃或加入咖啡。
Pure kokuto boiled straight from the sugar-cane juice of Okinawa's outer islands; mineral-rich, eaten as is or stirred into coffee.
沖縄の離島のさとうきびの搾り汁をそのまま煮詰めた純黒糖。ミネラル豊富で、そのままでもコーヒーに入れても。

swt|okinawa|gft|box-m|*
沖繩紅芋塔|Okinawa Beni-Imo Tarts|沖縄紅いもタルト
n6:320;n12:600
以沖繩紅芋做成的紫色餡料擠在小船形塔皮上烤製，甜味自然，顏色鮮豔。
Bright purple filling of Okinawan purple sweet potato piped into boat-shaped tart shells and baked; naturally sweet.
沖縄の紅いもでつくった紫色のあんを舟形のタルト生地に絞って焼き上げました。自然な甘さです。

swt|shizuoka|-|box-m|
濱松鰻魚奶油酥派|Hamamatsu Eel Butter Pies|浜松うなぎ風味バターパイ
n12:380;n24:720
層層酥皮加入鰻魚粉與蒜香奶油烤得焦糖化，香甜酥脆，是濱松人熟悉的點心。
Flaky palmier-style pies baked with eel extract and garlic butter until caramelised: sweet, crunchy and a Hamamatsu favourite.
うなぎエキスとガーリックバターを練り込んだパイ生地を香ばしく焼き上げました。浜松でおなじみのお菓子です。
`

// ───────────────────────────── drinks ─────────────────────────────
const DATA_DRINKS = `
drk|osaka|off|ramune|*
經典彈珠汽水|Classic Ramune Marble Soda|昔ながらのラムネ
p1:75;p6:420
按下瓶口的玻璃珠「啵」一聲打開，清爽檸檬汽水味，是日本夏祭的回憶。
Push the glass marble into the neck with a 'pop' for a crisp lemon-lime soda: the taste of a Japanese summer festival.
ビー玉を「ポン」と落として開ける、さわやかなラムネ。日本の夏祭りの思い出の味です。

drk|kobe|-|ramune|
彈珠汽水水果口味組|Fruit Ramune Variety Pack|フルーツラムネ詰め合わせ
[哈密瓜 6瓶/Melon, 6 bottles/メロン 6本]:430;[草莓 6瓶/Strawberry, 6 bottles/いちご 6本]:430;[三種口味各2瓶/3 flavours, 2 each/3種×2本]:450
神戶老字號汽水廠的水果彈珠汽水，哈密瓜、草莓、柚子三種口味，色彩繽紛。
Fruit ramune from a long-established Kobe soda works in melon, strawberry and yuzu: colourful and fizzy.
神戸の老舗ラムネ工場がつくるフルーツラムネ。メロン、いちご、ゆずの3種類で色とりどりです。

drk|kyoto|-|bottle|
水尾柚子汽水|Mizuo Yuzu Cider|水尾のゆずサイダー
p1:95;p6:540
使用京都「柚子之里」水尾產的柚子果汁，香氣清新、微酸帶甜，氣泡細緻。
Made with yuzu juice from Mizuo, Kyoto's 'yuzu village': fragrant, lightly tart and finely sparkling.
京都・ゆずの里「水尾」のゆず果汁を使ったサイダー。香り高く、ほどよい酸味ときめ細かな泡です。

drk|wakayama|-|bottle|*
紀州梅子汁|Kishu Ume Juice|紀州梅ジュース
p1:160;p3:450
以紀州南高梅與冰糖慢慢浸漬萃取的梅汁，加冰水或氣泡水稀釋，夏天消暑。
Juice slowly steeped from Kishu Nanko plums and rock sugar; dilute with iced or sparkling water for summer refreshment.
紀州南高梅を氷砂糖でじっくり漬け込んだ梅ジュース。水や炭酸水で割って、夏の暑さしのぎに。

drk+gft|wakayama|gft|box-m|
有田蜜柑原汁禮盒|Arida Mikan Juice Gift Box|有田みかん100%ジュースギフト
n6:680;n12:1280
只用和歌山有田蜜柑榨汁的百分百果汁，不加糖也很甜，180ml小瓶裝禮盒。
100% juice pressed only from Wakayama's Arida mandarins, naturally sweet with no added sugar, in a gift box of 180 ml bottles.
和歌山・有田みかんだけを搾ったストレート果汁。砂糖不使用でも甘く濃厚です。180ml瓶のギフト箱入り。

drk|kobe|off|box-s|*
神戶港濾掛咖啡|Kobe Harbour Drip Coffee|神戸港ドリップコーヒー
d10:380;d20:720
神戶百年咖啡烘焙所的招牌綜合豆，中深焙，帶著巧克力與堅果香，熱水沖泡即可。
The house blend of a century-old Kobe roaster, medium-dark with notes of chocolate and nuts; just add hot water.
神戸の百年続く焙煎所の看板ブレンド。中深煎りでチョコやナッツの香り。お湯を注ぐだけで本格的な味わいです。

drk|kobe|new|bottle|
神戶北野手工薑汁汽水|Kobe Kitano Craft Ginger Ale|神戸北野クラフトジンジャーエール
p1:120;p6:680
以高知產生薑、肉桂與丁香熬製的糖漿調成，辛辣明顯，是大人的薑汁汽水。
Made from a syrup of Kochi ginger, cinnamon and clove, with a real kick: a ginger ale for grown-ups.
高知県産の生姜とシナモン、クローブを煮出したシロップで仕上げた、辛口の大人のジンジャーエールです。

drk|kyoto|mat|bag-m|*
宇治抹茶拿鐵粉|Uji Matcha Latte Powder|宇治抹茶ラテの素
g200:420
宇治抹茶與北海道奶粉調配，加入熱牛奶或冰牛奶攪拌，就是咖啡廳等級的抹茶拿鐵。
Uji matcha blended with Hokkaido milk powder; stir into hot or cold milk for a café-quality matcha latte.
宇治抹茶と北海道産ミルクを配合。温かい牛乳や冷たい牛乳に溶かすだけで、カフェのような抹茶ラテに。

drk|kyoto|win|bottle|
京都米麴甘酒|Kyoto Rice Koji Amazake|京都の米麹甘酒
p1:180
京都老麴屋以米麴發酵的無酒精甘酒，天然的米香甜味，冬天溫熱喝最暖身。
Alcohol-free amazake fermented with rice koji by an old Kyoto koji maker: naturally sweet and warming when heated in winter.
京都の老舗麹屋が米麹で仕込んだノンアルコールの甘酒。お米の自然な甘さで、冬は温めてどうぞ。

drk|nara|-|bottle|
奈良柿子醋飲|Nara Persimmon Vinegar Drink|奈良の柿酢ドリンク
p1:320
以奈良西吉野的柿子釀造的果醋，酸味溫和帶果香，稀釋後飯後飲用清爽解膩。
Fruit vinegar brewed from Nishi-Yoshino persimmons in Nara: mellow and fruity; dilute and sip after meals.
奈良・西吉野の柿から醸造した柿酢。まろやかな酸味とフルーティーな香りで、薄めて食後にどうぞ。

drk|nara|win|box-s|
吉野葛湯|Yoshino Kuzu-Yu Hot Drink|吉野葛湯
k5:260;k10:480
吉野本葛加入生薑與抹茶風味的沖泡包，熱水沖開變成溫潤濃稠的熱飲，暖胃又暖身。
Sachets of Yoshino kuzu with ginger or matcha; whisk into hot water for a silky, thickened drink that warms you through.
吉野本葛に生姜や抹茶を合わせた葛湯。お湯を注ぐととろりとなり、体の芯から温まります。

drk|osaka|kan|can|
大阪綜合果汁|Osaka Mixed Juice|大阪ミックスジュース
c6:330;c24:1200
香蕉、蜜柑、桃子與牛奶調和的濃郁果汁，大阪喫茶店的招牌飲品罐裝版。
A creamy blend of banana, mandarin, peach and milk: the canned version of the Osaka coffee-shop classic.
バナナ、みかん、桃と牛乳を合わせた濃厚なミックスジュース。大阪の喫茶店の名物を缶でどうぞ。

drk|osaka|kan|bottle|
大阪冷飴薑汁糖水|Osaka Hiyashi-Ame Ginger Syrup|大阪の冷やしあめ
p1:240
大阪夏天的傳統冷飲，以麥芽糖與生薑熬成，加冰水稀釋，甜中帶辛。
A traditional Osaka summer drink of malt syrup and ginger; dilute with iced water for a sweet, spicy cooler.
大阪の夏の伝統的な飲み物。水飴と生姜でつくる冷やしあめは、冷水で割るとピリッと甘くさわやかです。

drk|sapporo|-|bottle|
北海道藍靛果汁|Hokkaido Haskap Berry Juice|北海道ハスカップジュース
p1:220
北海道原生的藍靛果酸味鮮明、富含花青素，深紫色的果汁清爽不甜膩。
Juice of the haskap berry native to Hokkaido: vividly tart, rich in anthocyanins and a deep purple colour.
北海道に自生するハスカップのジュース。はっきりした酸味で、深い紫色のすっきりした味わいです。

drk|sapporo|off|can|
富良野哈密瓜汽水|Furano Melon Soda|富良野メロンソーダ
c1:70;c6:400
使用北海道富良野哈密瓜果汁的汽水，香甜的哈密瓜味與清爽氣泡。
A soda made with juice from Furano melons in Hokkaido: sweet melon aroma and light, refreshing bubbles.
北海道・富良野メロンの果汁を使ったソーダ。甘いメロンの香りとさわやかな炭酸です。

drk|tokyo|off|can|
日式乳酸汽水|Japanese Cultured Milk Soda|乳酸菌ソーダ
c6:330;c24:1200
酸酸甜甜的乳酸飲料加上氣泡，清爽好喝，冰過後更美味。
A sweet and tangy cultured-milk drink with added fizz: light and refreshing, best well chilled.
甘酸っぱい乳酸菌飲料に炭酸を加えた、すっきり飲みやすいソーダ。よく冷やしてどうぞ。

drk|tokyo|off|can|
東京微糖罐裝咖啡|Tokyo Low-Sugar Canned Coffee|東京微糖缶コーヒー
c6:290;c24:1080
東京老咖啡館監製的微糖咖啡，深焙豆香濃郁，加班時的好夥伴。
Lightly sweetened canned coffee supervised by an old Tokyo café, with the depth of dark-roasted beans; a good friend for late nights.
東京の老舗喫茶店が監修した微糖コーヒー。深煎りのコクがあり、残業のお供にぴったりです。

drk|yokohama|new|bottle|
橫濱港手工可樂|Yokohama Harbour Craft Cola|横浜クラフトコーラ
p1:110;p6:620
以肉桂、小豆蔻、檸檬皮等十多種香料熬製的手工可樂，香氣複雜、甜度適中。
Craft cola simmered from over ten spices including cinnamon, cardamom and lemon peel: complex, aromatic and not too sweet.
シナモンやカルダモン、レモンピールなど十数種類のスパイスを煮出したクラフトコーラ。香り豊かで甘さ控えめ。

drk|shizuoka|-|can|
三ヶ日蜜柑果汁|Mikkabi Mandarin Juice|三ヶ日みかんジュース
c6:360;c24:1320
靜岡濱名湖畔三ヶ日町的蜜柑果汁，甜度高、酸味柔和，全家都喜歡。
Juice of mandarins from Mikkabi on the shores of Lake Hamana in Shizuoka: sweet, gently tart and loved by all ages.
静岡・浜名湖のほとり三ヶ日町のみかんを搾ったジュース。甘みが強く、酸味はまろやかです。

drk|shizuoka|new|bottle|
山葵薑汁汽水|Wasabi Ginger Ale|わさびジンジャーエール
p1:130
靜岡山葵與生薑的雙重辛辣，入口清爽、尾韻微嗆，意外地令人上癮。
A double hit of Shizuoka wasabi and ginger: crisp at first, with a sharp finish that is strangely addictive.
静岡のわさびと生姜のダブルの辛み。すっきりした口当たりで、後からツンとくる刺激がクセになります。

drk|nagoya|mat|box-s|
西尾抹茶豆漿拿鐵|Nishio Matcha Soy Latte Sticks|西尾抹茶ソイラテ
k10:320;k20:600
愛知西尾抹茶與豆漿粉調配的隨身包，熱水沖泡就有溫和順口的抹茶豆漿拿鐵。
Stick packs of matcha from Nishio in Aichi with soy milk powder; add hot water for a smooth, gentle soy latte.
愛知・西尾の抹茶と豆乳パウダーを合わせたスティック。お湯を注ぐだけでまろやかな抹茶ソイラテに。

drk|kanazawa|-|bottle-s|
能登海鹽汽水|Noto Sea Salt Cider|能登の塩サイダー
p1:140
加入少許能登海鹽的懷舊汽水，微鹹帶甜，流汗後補充最合適。
An old-fashioned soda with a pinch of Noto sea salt: faintly salty, slightly sweet and perfect after working up a sweat.
能登の塩をひとつまみ加えた懐かしいサイダー。ほんのり塩味があり、汗をかいた後にぴったりです。

drk|hiroshima|off|can|*
瀨戶內檸檬汽水|Setouchi Lemon Soda|瀬戸内レモンソーダ
c1:65;c6:370
使用廣島瀨戶內整顆檸檬榨汁的汽水，酸度鮮明、果皮香濃。
A soda pressed from whole Setouchi lemons from Hiroshima: bright acidity and plenty of zesty peel aroma.
広島・瀬戸内産レモンを丸ごと搾ったソーダ。はっきりした酸味と皮の香りが広がります。

drk|fukuoka|-|bottle-s|
甘王草莓牛奶糖漿|Amaou Strawberry Milk Syrup|あまおういちごミルクの素
p1:380
福岡甘王草莓果肉滿滿的糖漿，倒入牛奶就是酸甜果粒草莓牛奶。
A syrup full of Amaou strawberry pieces from Fukuoka; pour into milk for sweet-tart strawberry milk with real fruit.
福岡のあまおうの果肉がたっぷり入ったシロップ。牛乳に注ぐと果肉入りのいちごミルクになります。

drk|kagoshima|-|bottle|*
鹿兒島黑醋飲|Kagoshima Kurozu Black Vinegar Drink|鹿児島黒酢ドリンク
p1:420
在福山町陶甕中靜置熟成的米黑醋，加入蜂蜜調成易飲口味，每天一小杯。
Brown rice vinegar aged in clay pots in Fukuyama, blended with honey so it's easy to drink: one small glass a day.
福山町の壺畑でじっくり熟成させた黒酢に、はちみつを合わせて飲みやすく。毎日少しずつどうぞ。

drk|kagoshima|new|can|
櫻島小蜜柑汽水|Sakurajima Komikan Soda|桜島小みかんソーダ
c1:80
櫻島火山灰土壤孕育的世界最小蜜柑，香氣濃烈，做成清爽的汽水。
The world's smallest mandarin, grown in the volcanic soil of Sakurajima, made into a fragrant, refreshing soda.
桜島の火山灰土壌で育つ世界一小さなみかんの、香り高いソーダです。

drk|okinawa|-|bottle|*
沖繩扁實檸檬原汁|Okinawa Shikuwasa Juice|沖縄シークヮーサー果汁
p1:260;p3:720
沖繩北部大宜味村的扁實檸檬原汁，酸味強勁，加水或氣泡水調飲，也可以淋在料理上。
Pure shikuwasa citrus juice from Ogimi village in northern Okinawa; very tart, so dilute it with water or soda, or sprinkle over food.
沖縄北部・大宜味村のシークヮーサー原液。酸味が強いので水や炭酸で割ったり、料理にかけたりしてどうぞ。

drk|okinawa|-|can|
沖繩香片茶罐裝|Okinawa Sanpin-Cha Cans|沖縄さんぴん茶（缶）
c6:300;c24:1100
沖繩人每天喝的茉莉花茶，花香清雅、無糖，配油膩料理特別合適。
The jasmine tea Okinawans drink every day: floral, unsweetened and perfect with rich food.
沖縄の人が毎日飲むジャスミン茶。さわやかな花の香りで無糖、脂っこい料理によく合います。

drk|okinawa|win|box-s|
沖繩黑糖薑茶|Okinawa Brown Sugar Ginger Drink|沖縄黒糖しょうが湯
k10:280
沖繩黑糖與高知生薑粉的沖泡包，溫熱香甜，寒冷的早晨來一杯。
Stick packs of Okinawa kokuto and powdered ginger; sweet, warming and just right on a cold morning.
沖縄の黒糖と生姜パウダーのスティック。甘くて体が温まり、寒い朝にぴったりです。

drk|kyoto|mat|bottle|
宇治抹茶氣泡飲|Sparkling Uji Matcha|宇治抹茶スパークリング
p1:120;p6:680
微甜的宇治抹茶加上細緻氣泡，茶香清爽、顏色翠綠，是京都新式茶飲。
Lightly sweetened Uji matcha with fine bubbles: fresh, vivid green and a modern Kyoto tea drink.
ほんのり甘い宇治抹茶にきめ細かな炭酸を合わせました。鮮やかな緑色の、京都の新しいお茶ドリンクです。
`

// ───────────────────────────── ramen & noodles ─────────────────────────────
const DATA_RAMEN = `
rmn|fukuoka|ram|kit|*
博多豚骨拉麵組|Hakata Tonkotsu Ramen Kit|博多とんこつラーメン
s2:320;s4:580;s6:820
極細直麵搭配長時間熬煮的乳白豚骨湯包，附紅薑與芝麻，可依喜好選擇麵的硬度。
Extra-thin straight noodles with a creamy pork-bone broth simmered for hours, plus pickled ginger and sesame; cook the noodles as firm as you like.
極細ストレート麺と、長時間炊き出した白濁とんこつスープ。紅しょうがとごま付きで、麺のかたさはお好みで。

rmn|sapporo|ram|kit|*
札幌味噌拉麵組|Sapporo Miso Ramen Kit|札幌味噌ラーメン
s2:320;s4:580
Q彈黃色捲麵配上以多種味噌調和、帶著蒜與薑香的濃厚湯頭，加入炒豆芽與玉米更道地。
Springy, curly yellow noodles in a rich broth of blended miso with garlic and ginger; add stir-fried bean sprouts and corn for the real thing.
もちもちの黄色いちぢれ麺に、数種類の味噌をブレンドしたにんにくと生姜香る濃厚スープ。炒めたもやしとコーンを添えて本場の味に。

rmn|sapporo|ram|kit|
旭川醬油拉麵組|Asahikawa Shoyu Ramen Kit|旭川醤油ラーメン
s2:300;s4:560
豚骨與海鮮雙湯頭調入醬油，表面一層豬油保溫，配上低含水的細捲麵，是北國的暖心滋味。
A double broth of pork and seafood seasoned with soy sauce under a warming layer of lard, with thin, firm curly noodles.
豚骨と魚介のWスープに醤油だれ。表面のラードが熱を閉じ込める、北国ならではの一杯です。低加水の細ちぢれ麺付き。

rmn|sapporo|-|kit|
函館鹽味拉麵組|Hakodate Shio Ramen Kit|函館塩ラーメン
s2:300
清澈透明的雞骨與昆布湯頭，以鹽調味，搭配直細麵，清爽而鮮美。
A crystal-clear broth of chicken bones and kombu, seasoned simply with salt and served with thin straight noodles.
鶏ガラと昆布の澄んだスープを塩で仕上げた、あっさりなのにうま味たっぷりの函館ラーメンです。

rmn|kyoto|ram|kit|*
京都背脂醬油拉麵組|Kyoto Back-Fat Shoyu Ramen Kit|京都背脂醤油ラーメン
s2:340;s4:620
深色醬油湯頭上浮著大量豬背脂，看似濃重卻意外順口，附九條蔥乾。
A dark soy broth scattered with plenty of pork back fat — it looks heavy but slips down easily; comes with dried Kujo green onion.
濃い色の醤油スープに背脂をたっぷり浮かべた京都ラーメン。見た目より食べやすく、九条ねぎ付きです。

rmn|kyoto|kan|kit|
京都鯡魚蕎麥麵組|Kyoto Nishin Soba Kit|京都にしんそば
s2:480
以甜鹹醬汁燉煮得連骨都軟的鯡魚，放在熱湯蕎麥麵上，是京都冬天的代表麵食。
Herring simmered in sweet soy until the bones are soft, laid on hot soba in broth: Kyoto's signature winter noodle dish.
骨までやわらかく甘辛く炊いた身欠きにしんを温かいそばにのせた、京都の冬の名物です。

rmn|osaka|kan|kit|*
大阪豆皮烏龍麵組|Osaka Kitsune Udon Kit|大阪きつねうどん
s2:260;s4:480
昆布柴魚高湯清澈鮮甜，配上甜鹹入味的大片油豆腐，是大阪烏龍麵的原點。
A clear, sweet dashi of kombu and bonito with a big piece of sweet-simmered fried tofu: where Osaka's udon story began.
昆布とかつおの澄んだだしに、甘辛く炊いた大きなお揚げ。大阪うどんの原点の味です。

rmn|osaka|ram|kit|
大阪油渣烏龍麵組|Osaka Kasu Udon Kit|大阪かすうどん
s2:380
南河內名物，以酥炸牛腸「油かす」放入高湯中，湯頭香濃帶油脂甜味。
A speciality of southern Osaka: crispy fried beef intestine 'abura-kasu' that enriches the dashi with a sweet, savoury depth.
南河内の名物。牛の腸をカリッと揚げた「油かす」がだしに溶け出し、香ばしいコクが広がります。

rmn|osaka|-|kit|
大阪醬汁炒麵組|Osaka Sauce Yakisoba Kit|大阪ソース焼きそば
s3:240
粗蒸麵附上濃厚的辛香醬汁與青海苔、紅薑，只要加入高麗菜與豬肉一起炒即可。
Thick steamed noodles with a rich, spicy sauce, green laver and pickled ginger; just stir-fry with cabbage and pork.
太めの蒸し麺に濃厚ソースと青のり、紅しょうが付き。キャベツと豚肉を一緒に炒めるだけです。

rmn|kobe|-|kit|
神戶長田炒麵飯組|Kobe Sobameshi Kit|神戸長田そばめし
s2:280
神戶長田的庶民美食，把切碎的炒麵和白飯一起用醬汁炒香，一次享受麵和飯。
Comfort food from Nagata in Kobe: chopped yakisoba and rice stir-fried together in sauce, so you get noodles and rice at once.
神戸・長田のB級グルメ。刻んだ焼きそばとご飯をソースで一緒に炒める、麺とご飯を一度に楽しめる一品です。

rmn|kobe|ram|kit|
神戶牛咖哩烏龍麵組|Kobe Beef Curry Udon Kit|神戸ビーフカレーうどん
s2:420
以神戶牛燉煮的和風咖哩湯頭，加入高湯更順口，粗烏龍麵吸滿湯汁。
A Japanese-style curry broth simmered with Kobe beef and smoothed with dashi, soaked up by thick udon noodles.
神戸ビーフを煮込んだ和風カレーをだしで仕上げたスープが、太いうどんによくからみます。

rmn|nara|kan|box-m|*
三輪手延素麵|Miwa Hand-Stretched Somen|三輪の手延べそうめん
h6:320;h18:880
奈良三輪是日本素麵的發源地，職人以手工拉延熟成的極細麵條，冷吃滑順彈牙。
Nara's Miwa is the birthplace of somen: ultra-fine noodles hand-stretched and aged by craftsmen, silky and springy when served cold.
奈良・三輪はそうめん発祥の地。職人が手延べで熟成させた極細麺は、冷やすとつるりとコシがあります。

rmn|nara|ram|kit|
天理大白菜辣味拉麵組|Tenri Spicy Napa Cabbage Ramen Kit|天理スタミナラーメン
s2:320
奈良天理的名物拉麵，大量白菜與豬肉以豆瓣醬與大蒜熬煮，香辣夠勁。
Nara's Tenri-style ramen with heaps of napa cabbage and pork simmered with chilli bean paste and garlic: spicy and hearty.
奈良・天理の名物ラーメン。たっぷりの白菜と豚肉を豆板醤とにんにくで煮込んだ、ピリ辛スタミナ系です。

rmn|wakayama|ram|kit|*
和歌山中華蕎麥麵組|Wakayama Chuka Soba Kit|和歌山中華そば
s2:340;s4:620
豚骨醬油湯頭濃郁偏甜，配上細直麵，和歌山人吃拉麵時習慣再配一個早壽司。
A rich, slightly sweet pork-bone and soy broth with thin straight noodles; in Wakayama, locals eat it with a piece of pressed mackerel sushi.
甘みのある濃厚な豚骨醤油スープに細ストレート麺。和歌山では早寿司と一緒に食べるのが定番です。

rmn|wakayama|new|box-m|
紀州梅子素麵|Kishu Ume Somen|紀州梅そうめん
h6:300
麵體揉入紀州南高梅果肉，淡淡粉紅色，微酸清香，夏天冷食最對味。
Somen kneaded with Kishu Nanko plum, pale pink with a gentle sourness; best served chilled in summer.
紀州南高梅の果肉を練り込んだ、ほんのり桜色のそうめん。さわやかな酸味で夏の冷やしそうめんに。

rmn|tokyo|ram|kit|
東京醬油拉麵組|Tokyo Shoyu Ramen Kit|東京醤油ラーメン
s2:300;s4:560
雞骨與小魚乾熬成的清爽醬油湯頭，配上細捲麵，是東京老拉麵店的懷舊味。
A light soy broth of chicken and dried sardines with fine curly noodles: the nostalgic taste of Tokyo's old ramen shops.
鶏ガラと煮干しのあっさり醤油スープに細ちぢれ麺。東京の老舗ラーメン屋の懐かしい味です。

rmn|tokyo|ram|kit|
東京魚介豚骨沾麵組|Tokyo Tsukemen Kit|東京魚介豚骨つけ麺
s2:380
粗麵冰鎮後沾著濃厚的魚介豚骨沾汁吃，吃完可加入高湯把沾汁喝完。
Chilled thick noodles dipped into a dense seafood-and-pork dipping broth; finish by thinning the broth with dashi and drinking it.
冷水で締めた極太麺を濃厚な魚介豚骨のつけ汁で。最後はスープ割りで飲み干してください。

rmn|yokohama|ram|kit|*
橫濱家系拉麵組|Yokohama Iekei Ramen Kit|横浜家系ラーメン
s2:360;s4:680
濃厚豚骨醬油湯頭加上雞油，搭配粗直麵與大片海苔，可依喜好調整濃淡。
Rich pork-bone and soy broth with chicken oil, thick straight noodles and big sheets of nori; adjust the strength to taste.
濃厚な豚骨醤油に鶏油を合わせ、太いストレート麺と大判の海苔で。味の濃さはお好みで調整できます。

rmn|yokohama|-|kit|
橫濱生馬麵組|Yokohama Sanma-Men Kit|横浜サンマーメン
s2:320
橫濱獨有的勾芡湯麵，豆芽與白菜炒後淋上濃稠的醬油湯，熱呼呼不容易涼。
Yokohama's own noodle soup topped with stir-fried bean sprouts and cabbage in a thick glossy soy broth that stays piping hot.
もやしと白菜を炒めてとろみをつけた餡をのせた、横浜生まれの熱々の麺です。

rmn|sendai|ram|kit|
仙台辛味噌拉麵組|Sendai Spicy Miso Ramen Kit|仙台辛味噌ラーメン
s2:320
仙台味噌湯頭中央放一球辣味噌，邊吃邊拌開，享受辣度變化。
A Sendai miso broth with a ball of spicy miso in the middle; stir it in bit by bit to change the heat as you eat.
仙台味噌のスープの真ん中に辛味噌をのせて。少しずつ溶かしながら辛さの変化を楽しめます。

rmn|sendai|-|box-m|
白石溫麵|Shiroishi Umen Noodles|白石温麺
h10:380
宮城白石的短麵條，製作時不使用油，口感清爽好消化，長輩與小孩都適合。
Short noodles from Shiroishi in Miyagi, made without oil so they're light and easy to digest — good for all ages.
宮城・白石の短いめん。製造に油を使わないので、あっさりして消化にやさしく、お年寄りにもお子さまにも。

rmn|nagoya|-|kit|
名古屋棊子麵組|Nagoya Kishimen Kit|名古屋きしめん
s3:280
寬扁滑溜的名古屋棊子麵，配上濃郁的溜醬油柴魚高湯，最後撒上大量柴魚片。
Wide, slippery flat noodles from Nagoya in a bonito broth seasoned with tamari, finished with a heap of bonito flakes.
平たくつるつるのきしめんに、たまり醤油のかつおだし。仕上げにかつお節をたっぷりのせて。

rmn|nagoya|win|kit|*
名古屋味噌燉烏龍麵組|Nagoya Miso Nikomi Udon Kit|名古屋味噌煮込みうどん
s2:360
硬Q的生烏龍麵直接放入八丁味噌湯中燉煮，加入雞肉與蛋，冬天的砂鍋美味。
Firm raw udon simmered directly in a Hatcho-miso broth with chicken and an egg: winter comfort in a clay pot.
コシの強い生うどんを八丁味噌のつゆで直接煮込みます。鶏肉と卵を入れて、冬の土鍋料理にどうぞ。

rmn|nagoya|new|kit|
名古屋台灣拉麵組|Nagoya 'Taiwan Ramen' Kit|名古屋台湾ラーメン
s2:320
名古屋的台灣料理店老闆發明的辣味拉麵，辣炒絞肉與韭菜鋪在醬油湯麵上，台灣人吃了也驚喜。
A spicy ramen invented at a Taiwanese restaurant in Nagoya: chilli-fried minced pork and garlic chives on a soy broth — a fun surprise for Taiwanese diners.
名古屋の台湾料理店で生まれた激辛ラーメン。唐辛子で炒めたひき肉とニラをのせた醤油スープです。

rmn|kanazawa|ram|kit|
加賀白蝦鹽味拉麵組|Kaga White Shrimp Shio Ramen Kit|加賀白えび塩ラーメン
s2:360
北陸特產的白蝦熬出甜美海鮮湯頭，以能登海鹽調味，清澈優雅。
Sweet seafood broth made from the white shrimp of the Hokuriku coast, seasoned with Noto sea salt: clear and elegant.
北陸名産の白えびのうま味を引き出したスープを能登の塩で仕上げた、澄んだ上品な一杯です。

rmn|hiroshima|ram|kit|
廣島辣味沾麵組|Hiroshima Spicy Tsukemen Kit|広島つけ麺
s2:360
冰涼細麵沾著大量辣油與芝麻的紅色沾汁，可附上小黃瓜與蔥，夏天的人氣吃法。
Chilled thin noodles dipped in a red sauce of chilli oil and sesame, with cucumber and green onion: a summer favourite.
冷たい細麺を、ラー油とごまたっぷりの赤いつけだれで。きゅうりやねぎを添えて、夏に人気の食べ方です。

rmn|hiroshima|-|kit|
尾道醬油拉麵組|Onomichi Shoyu Ramen Kit|尾道ラーメン
s2:320
雞骨與小魚乾的醬油湯頭浮著豬背脂塊，配上扁平細麵，是港町尾道的味道。
A soy broth of chicken and small dried fish dotted with nuggets of back fat, with flat thin noodles: the taste of the port town Onomichi.
鶏ガラと小魚の醤油スープに豚の背脂を浮かべ、平打ち麺で。港町・尾道の味です。

rmn|fukuoka|-|kit|
博多炒拉麵組|Hakata Yaki-Ramen Kit|博多焼きラーメン
s2:300
博多屋台發祥的炒拉麵，以豚骨醬汁將細麵與蔬菜炒香，最後可打上一顆蛋。
Born at Hakata's food stalls: thin noodles and vegetables stir-fried in a tonkotsu sauce, topped with an egg if you like.
博多の屋台で生まれた焼きラーメン。細麺と野菜をとんこつだれで香ばしく炒め、卵をのせてもどうぞ。

rmn|kagoshima|ram|kit|
鹿兒島黑豚拉麵組|Kagoshima Kurobuta Ramen Kit|鹿児島黒豚ラーメン
s2:360
豚骨為底再加雞骨與蔬菜熬煮的溫和湯頭，附上黑豚叉燒，湯中帶甜、焦蔥香。
A mellow broth of pork bone, chicken and vegetables with Kagoshima black pork chashu and fried onion; gently sweet.
豚骨に鶏ガラと野菜を合わせたまろやかなスープ。黒豚チャーシューと焦がしねぎ付きで、ほのかな甘みです。

rmn|okinawa|ram|kit|*
沖繩麵組|Okinawa Soba Kit|沖縄そば
s2:340;s4:640
以小麥製的粗麵配上豬骨柴魚湯頭，附上燉得軟爛的三層肉，撒上島辣椒更對味。
Thick wheat noodles in a pork-and-bonito broth with melt-tender braised pork belly; add a splash of island chilli.
小麦粉の太麺に豚骨とかつおのスープ、とろとろの三枚肉付き。島とうがらしを振るとさらにおいしい。

rmn|shizuoka|-|kit|
富士宮炒麵組|Fujinomiya Yakisoba Kit|富士宮やきそば
s3:300
富士宮獨特的硬Q蒸麵，附豬油渣與沙丁魚粉，炒出來香氣十足。
Fujinomiya's distinctively firm steamed noodles with pork cracklings and sardine powder for an extra-savoury yakisoba.
コシの強い富士宮独特の蒸し麺に、肉かすといわし粉付き。香ばしさが格別の焼きそばです。

rmn+gft|tokyo|off|box-l|*
日本各地杯麵六入組|Regional Cup Ramen Assortment|ご当地カップラーメン6種セット
x1:620
札幌味噌、喜多方醬油、博多豚骨等六款各地風味杯麵，加熱水三分鐘就能吃遍日本。
Six cup ramen in regional styles — Sapporo miso, Kitakata shoyu, Hakata tonkotsu and more; tour Japan in three minutes each.
札幌味噌、喜多方醤油、博多とんこつなど6種類のご当地カップ麺。お湯を注いで3分で日本一周。
`

// ───────────────────────────── tea ─────────────────────────────
const DATA_TEA = `
tea|kyoto|mat|tin|*
宇治煎茶|Uji Sencha|宇治煎茶
g100:420;g200:780
京都宇治茶園的一番茶，茶湯金綠清澈，甘味與微澀平衡，以70–80°C熱水沖泡最佳。
First-flush sencha from the tea gardens of Uji, Kyoto: a clear golden-green cup balancing sweetness and light astringency. Brew at 70–80 °C.
京都・宇治の茶園で摘んだ一番茶。澄んだ黄金色の水色で、甘みと渋みのバランスが良好です。70〜80℃のお湯でどうぞ。

tea+gft|kyoto|gft|tin|
宇治玉露|Uji Gyokuro|宇治玉露
g50:680;g100:1280
採收前覆蓋遮光約二十天的高級玉露，旨味濃厚似高湯，以50°C溫水慢慢沖泡。
Premium gyokuro shaded for about twenty days before picking, with a deep, almost brothy umami; brew slowly with 50 °C water.
摘採前に約二十日間覆いをかけて育てた高級玉露。だしのような濃厚なうま味を、50℃のぬるめのお湯でじっくりと。

tea|kyoto|mat|tin|*
宇治抹茶（薄茶用）|Uji Ceremonial Matcha|宇治抹茶（薄茶用）
g40:780;g100:1750
石臼研磨的宇治抹茶，色澤鮮綠、甘甜少苦，適合點茶，也能做出高級抹茶甜點。
Stone-ground Uji matcha, vivid green, sweet and low in bitterness; whisk as usucha or use for top-quality matcha desserts.
石臼挽きの宇治抹茶。鮮やかな緑色で甘みが強く苦みは控えめ。お点前にも、上質な抹茶スイーツづくりにも。

tea|kyoto|mat|teabox|*
京都焙茶茶包|Kyoto Hojicha Tea Bags|京都ほうじ茶ティーバッグ
t20:320;t40:580
以高溫焙炒的京都茶葉，焦香撲鼻、咖啡因低，晚上也能安心享用。
Kyoto tea leaves roasted at high heat for a toasty aroma and low caffeine, so you can enjoy a cup in the evening too.
京都の茶葉を強火で焙じた香ばしいほうじ茶。カフェインが少なく、夜でも安心して楽しめます。

tea|kyoto|off|teabox|
抹茶玄米茶|Matcha Genmaicha|抹茶入り玄米茶
t20:280;t50:620
炒得膨香的玄米與煎茶，外層再裹上抹茶，米香與茶香交融，辦公室泡一壺剛剛好。
Toasted puffed brown rice and sencha dusted with matcha: nutty, grassy and just right for a pot at the office.
香ばしく炒った玄米と煎茶に抹茶をまぶしました。お米とお茶の香りが調和した、職場でも人気の一杯です。

tea|kyoto|-|bag-l|
京番茶|Kyoto Kyobancha|京番茶
g150:300
將大片茶葉連莖一起以鐵鍋焙炒，帶著獨特的煙燻香，京都人家日常喝的茶。
Large leaves and stems pan-roasted in iron, giving a unique smoky aroma: the everyday tea of Kyoto households.
大きな茶葉を茎ごと鉄釜で炒った、独特のスモーキーな香りの番茶。京都の家庭で日常的に飲まれています。

tea|kyoto|new|teabox|
京都柚子綠茶茶包|Kyoto Yuzu Green Tea Bags|京都ゆず緑茶ティーバッグ
t15:320
宇治綠茶加入水尾柚子果皮，柑橘香清新，熱飲冷泡都好喝。
Uji green tea blended with yuzu peel from Mizuo: bright citrus notes, good hot or cold-brewed.
宇治の緑茶に水尾のゆずピールをブレンド。柑橘の香りがさわやかで、ホットでも水出しでも。

tea|nara|-|tin|
月瀨大和煎茶|Tsukigase Yamato Sencha|月ヶ瀬の大和煎茶
g100:380
奈良月瀨高原日夜溫差大，孕育出香氣濃郁、回甘明顯的大和茶。
Grown on the Tsukigase plateau in Nara, where warm days and cool nights give Yamato tea a rich aroma and lingering sweetness.
寒暖差の大きい奈良・月ヶ瀬高原で育った大和茶。香りが高く、後味にしっかりと甘みが残ります。

tea|nara|new|teabox|
大和和紅茶|Yamato Japanese Black Tea|大和の和紅茶
t15:360
以奈良大和茶的茶葉製成的和紅茶，澀味低、帶著蜜香，不加糖也好喝。
Japanese black tea made from Nara's Yamato tea leaves: low in astringency with honeyed notes, delicious without sugar.
奈良の大和茶の茶葉でつくった和紅茶。渋みが少なく蜜のような香りで、砂糖なしでもおいしい。

tea|shizuoka|-|tin|*
靜岡深蒸煎茶|Shizuoka Fukamushi Sencha|静岡深蒸し煎茶
g100:360;g200:680
蒸菁時間較長的深蒸茶，茶湯濃綠、口感醇厚少澀，是靜岡最具代表性的茶。
Deep-steamed sencha with a dense green cup and a mellow, full body: Shizuoka's most iconic tea.
蒸し時間を長くした深蒸し煎茶。濃い緑色の水色で、まろやかなコクがある静岡を代表するお茶です。

tea|shizuoka|off|teabox|
牧之原煎茶茶包|Makinohara Sencha Tea Bags|牧之原煎茶ティーバッグ
t30:300;t60:560
日本最大茶園牧之原台地的煎茶，三角立體茶包，馬克杯泡也很方便。
Sencha from the Makinohara plateau, Japan's largest tea-growing area, in pyramid bags that brew easily in a mug.
日本最大級の茶産地・牧之原台地の煎茶をテトラ型ティーバッグに。マグカップでも手軽に淹れられます。

tea+gft|shizuoka|-|tin|
川根高山茶|Kawane Mountain Sencha|川根茶
g100:520
大井川上游霧氣繚繞的山間茶園所產，香氣高雅、口感清冽，是行家喜愛的名茶。
Grown in misty mountain gardens on the upper Oi River: elegant aroma and a crisp, clean taste prized by connoisseurs.
大井川上流の霧深い山間の茶園で育った川根茶。上品な香りとすっきりした味わいで、通に好まれる銘茶です。

tea|shizuoka|new|box-s|
富士山造型茶包禮盒|Mt Fuji Tea Bag Gift Box|富士山ティーバッグ
t10:420
茶包做成富士山形狀，泡在杯中就像山影倒映湖面，送禮話題十足。
Tea bags shaped like Mt Fuji that look like the mountain reflected in a lake when they steep — a real conversation piece.
富士山の形をしたティーバッグ。カップに浮かべると湖に映る逆さ富士のようで、贈り物に話題性抜群です。

tea|kagoshima|-|tin|
知覽煎茶|Chiran Sencha|知覧茶
g100:380
鹿兒島南部知覽地區的早摘煎茶，茶色鮮綠、甘味濃，是日本第一茶產地的實力。
Early-picked sencha from Chiran in southern Kagoshima, vivid green and sweet: proof of Japan's top tea-producing prefecture.
鹿児島南部・知覧の早摘み煎茶。鮮やかな緑色で甘みが濃く、日本一の茶産地の実力を感じる味わいです。

tea|kagoshima|-|teabox|
鹿兒島覆蓋茶茶包|Kagoshima Kabuse-Cha Tea Bags|鹿児島かぶせ茶ティーバッグ
t20:340
採收前短期覆蓋遮光的「覆蓋茶」，兼具煎茶的清爽與玉露的甘醇。
Kabuse-cha, shaded for a short time before picking, combines the freshness of sencha with the mellow sweetness of gyokuro.
摘採前に短期間覆いをかけたかぶせ茶。煎茶のさわやかさと玉露のまろやかさを併せ持ちます。

tea+gft|fukuoka|gft|tin|*
八女傳統本玉露|Yame Traditional Gyokuro|八女伝統本玉露
g50:780
福岡八女以稻草覆蓋的傳統方式栽培，旨味與甘甜極為濃郁，是玉露品評會的常勝軍。
Grown in Yame, Fukuoka, under traditional straw shading for an exceptionally rich umami; a regular winner at gyokuro competitions.
福岡・八女で稲わらを使った伝統的な覆い下栽培で育てた玉露。濃厚なうま味と甘みで品評会の常連です。

tea|fukuoka|mat|bag-m|
八女焙茶拿鐵粉|Yame Hojicha Latte Powder|八女ほうじ茶ラテの素
g150:360
八女焙茶粉與奶粉、蔗糖調和，加牛奶即成香濃焙茶拿鐵，做甜點也適合。
Yame hojicha powder blended with milk powder and cane sugar: add milk for a toasty latte, or use in baking.
八女のほうじ茶パウダーにミルクときび砂糖を合わせました。牛乳で割って香ばしいラテに、お菓子づくりにも。

tea|okinawa|-|teabox|
沖繩香片茶茶包|Okinawa Sanpin-Cha Tea Bags|沖縄さんぴん茶ティーバッグ
t20:220;t50:480
沖繩家家戶戶都會常備的茉莉花茶，冷泡後花香更加清新。
The jasmine tea found in every Okinawan home; cold-brew it for an even fresher floral aroma.
沖縄の家庭に必ずあるジャスミン茶。水出しにすると花の香りがいっそうさわやかです。

tea|okinawa|-|teabox|
沖繩苦瓜茶|Okinawa Goya Tea|沖縄ゴーヤー茶
t20:260
將沖繩苦瓜切片烘焙製成的無咖啡因茶，焙香明顯，苦味意外溫和。
A caffeine-free tea of roasted Okinawan bitter melon slices: toasty, with a surprisingly gentle bitterness.
沖縄のゴーヤーをスライスして焙煎したノンカフェイン茶。香ばしく、苦みは意外とやさしいです。

tea|sapporo|-|tin|
利尻昆布茶|Rishiri Kombu Tea|利尻昆布茶
g60:240
以北海道利尻昆布研磨的鹹味昆布茶，熱水沖開即可飲用，也能當作料理調味。
Savoury tea of finely ground Rishiri kombu from Hokkaido; stir into hot water to drink, or use as a seasoning.
北海道の利尻昆布を粉末にした塩味の昆布茶。お湯に溶かして飲むほか、料理の隠し味にも。

tea|sapporo|new|teabox|
北海道藍靛果紅茶|Hokkaido Haskap Black Tea|北海道ハスカップ紅茶
t10:320
紅茶中加入北海道藍靛果乾，酸甜莓果香與紅茶相得益彰，加牛奶也很搭。
Black tea blended with dried Hokkaido haskap berries for a sweet-tart berry aroma; lovely with milk too.
紅茶に北海道産ハスカップの果実をブレンド。甘酸っぱいベリーの香りで、ミルクティーにも合います。

tea|kanazawa|mat|bag-m|*
加賀棒焙茶|Kaga Bo-Hojicha Roasted Stem Tea|加賀棒ほうじ茶
g100:320
金澤人最常喝的茶，只選用茶莖淺焙，香氣甘甜清爽，澀味極少。
Kanazawa's everyday tea, made only from lightly roasted tea stems: sweet, clean and almost without astringency.
金沢の人が日常的に飲むお茶。茶の茎だけを浅く焙じた、甘く香ばしい澄んだ味わいです。

tea+gft|kanazawa|gft|tin|
金澤金箔煎茶禮罐|Kanazawa Gold Leaf Sencha Gift Tin|金沢金箔入り煎茶
g60:560
加賀煎茶中灑入金澤金箔，沖泡時金箔在茶湯中飄舞，適合喜慶場合。
Kaga sencha sprinkled with Kanazawa gold leaf that dances in the cup when brewed: perfect for celebrations.
加賀の煎茶に金沢の金箔を散らしました。淹れると金箔が湯の中で舞う、お祝いの席にぴったりのお茶です。

tea|osaka|off|teabox|
梅昆布茶隨身包|Ume Kombu Tea Sticks|梅昆布茶スティック
k24:280
大阪昆布老舖的梅子昆布茶，鹹酸溫潤，忙碌工作時喝一杯暖心。
Plum and kombu tea from an old Osaka kelp merchant: salty, tangy and soothing during a busy workday.
大阪の老舗昆布屋の梅昆布茶。ほんのり酸っぱい塩味で、忙しい仕事の合間にほっとする一杯です。

tea+gft|kobe|gft|tin|*
神戶紅茶舖大吉嶺綜合紅茶|Kobe Tea House Darjeeling Blend|神戸紅茶 ダージリンブレンド
g100:520
百年港都神戶的紅茶老舖，以大吉嶺為主調配，帶著麝香葡萄般的香氣。
From an old tea merchant in the century-old port of Kobe, a Darjeeling-led blend with a muscatel aroma.
百年の港町・神戸の紅茶専門店が、ダージリンを主体にブレンド。マスカットのような香りが広がります。

tea|kobe|new|teabox|
神戶玫瑰紅茶|Kobe Rose Black Tea|神戸ローズティー
t10:300
錫蘭紅茶加入玫瑰花瓣，優雅的花香適合搭配洋菓子。
Ceylon black tea with rose petals: an elegant floral cup to pair with Western-style cakes.
セイロン紅茶にバラの花びらをブレンド。上品な花の香りで、洋菓子によく合います。

tea|wakayama|win|jar|
和歌山柚子蜂蜜茶|Wakayama Yuzu & Honey Tea|和歌山ゆず蜂蜜茶
i1:380
北山村的柚子連皮切絲與蜂蜜熬成果醬狀，舀一匙加熱水，冬天暖身首選。
Yuzu from Kitayama village in Wakayama, shredded with its peel and cooked with honey; stir a spoonful into hot water on a winter day.
北山村のゆずを皮ごと刻み、はちみつで煮詰めました。スプーン一杯をお湯で溶いて、冬の温まる一杯に。

tea|nagoya|mat|tin|
西尾抹茶|Nishio Matcha|西尾抹茶
g40:680
愛知西尾是日本主要抹茶產地之一，色澤翠綠、香氣飽滿，點茶或做甜點皆宜。
Nishio in Aichi is one of Japan's main matcha regions: emerald-green and full-flavoured, for whisking or baking.
愛知・西尾は日本有数の抹茶の産地。鮮やかな緑色と豊かな香りで、お点前にもお菓子づくりにも。

tea|hiroshima|off|teabox|
瀨戶內檸檬紅茶茶包|Setouchi Lemon Black Tea Bags|瀬戸内レモン紅茶ティーバッグ
t15:300
紅茶加入瀨戶內檸檬皮，清爽的柑橘香讓下午更有精神。
Black tea with Setouchi lemon peel for a bright citrus lift in the afternoon.
紅茶に瀬戸内レモンの皮をブレンド。さわやかな柑橘の香りで午後もすっきり。

tea|yokohama|-|tin|
橫濱開港紀念紅茶|Yokohama Port 1859 Blend|横浜開港紅茶
g80:420
紀念1859年橫濱開港、茶葉從這裡出口世界，以阿薩姆與日本紅茶調和的濃郁奶茶用紅茶。
Celebrating the opening of Yokohama's port in 1859, when Japanese tea was shipped worldwide: a robust Assam and Japanese black tea blend for milk tea.
1859年の横浜開港と日本茶の輸出の歴史にちなんだ、アッサムと和紅茶のブレンド。ミルクティーにおすすめです。
`

// ───────────────────────────── regional gifts ─────────────────────────────
const DATA_GIFTS = `
gft+swt|osaka|gft|box-xl|*
關西名菓綜合禮盒|Kansai Sweets Gift Box|関西銘菓詰め合わせ
x1:1480
收錄大阪粟米香、京都八橋、神戶薄餅與奈良小鹿餅乾等關西人氣點心，一盒送禮最體面。
A selection of Kansai favourites — Osaka okoshi, Kyoto yatsuhashi, Kobe gaufres, Nara deer cookies and more — in one impressive gift box.
大阪の粟おこし、京都の八ツ橋、神戸のゴーフル、奈良の鹿サブレなど関西の人気菓子を一箱に。贈り物に最適です。

gft|kyoto|gft|box-l|
京都醬菜禮盒|Kyoto Tsukemono Gift Set|京漬物詰め合わせ
x1:1280
千枚漬、柴漬、酸莖等京都三大醬菜真空包裝，常溫保存，配白飯或茶泡飯最好。
Kyoto's three great pickles — senmaizuke, shibazuke and suguki — vacuum-packed and shelf-stable; perfect with rice or ochazuke.
千枚漬、しば漬、すぐき漬など京都の代表的な漬物を真空パックで。常温保存でき、ご飯やお茶漬けのお供に。

gft|kyoto|kan|jar|
京都七味粉葫蘆罐|Kyoto Shichimi in a Gourd|京七味 ひょうたん入り
i1:280
清水寺參道老舖調配的七味粉，山椒與紫蘇香氣突出，裝在可愛的木製葫蘆容器中。
Seven-spice blend from an old shop on the approach to Kiyomizu-dera, with prominent sansho and shiso, in a charming wooden gourd.
清水寺参道の老舗が調合した七味。山椒と紫蘇の香りが立ち、かわいい木製のひょうたんに入っています。

gft|kyoto|kan|box-s|
京都山椒小魚|Kyoto Chirimen Sansho|京都ちりめん山椒
g80:480
細小的魩仔魚乾與京都產實山椒一起甜鹹炊煮，麻香清爽，放在白飯上一碗接一碗。
Tiny dried whitebait simmered with Kyoto green sansho berries: tingling, savoury and irresistible on hot rice.
ちりめんじゃこを京都産の実山椒と炊き上げました。ピリッとしびれる香りで、ご飯が止まりません。

gft|osaka|kan|box-s|
大阪鹽昆布佃煮|Osaka Kombu Tsukudani|大阪昆布佃煮
g120:420
以北海道真昆布在大阪老舖慢火炊煮，醬香甜鹹、口感軟中帶韌，配飯或做飯糰都好。
Hokkaido ma-kombu slow-simmered by an old Osaka shop: sweet, savoury and tender; great with rice or in onigiri.
北海道産真昆布を大阪の老舗でじっくり炊き上げた佃煮。甘辛くやわらかで、ご飯にもおにぎりにも。

gft|osaka|-|box-m|
大阪昆布柴魚高湯包|Osaka Kombu & Bonito Dashi Packs|大阪昆布とかつおのだしパック
n30:580
大阪料理的靈魂「高湯」，真昆布與本枯節柴魚調配，煮湯、煮烏龍麵都能輕鬆做出道地關西味。
The soul of Osaka cooking: dashi packs of ma-kombu and aged bonito for authentic Kansai-style soups and udon with no effort.
大阪料理の要「だし」。真昆布と本枯節を合わせただしパックで、お吸い物やうどんが手軽に関西の味に。

gft|kobe|gft|box-m|*
神戶牛咖哩調理包禮盒|Kobe Beef Curry Gift Set|神戸ビーフカレー詰め合わせ
n3:780;n5:1250
以神戶牛大塊燉煮的調理包咖哩，香料溫和、肉質軟嫩，加熱即食。
Retort-pouch curry slow-cooked with big pieces of Kobe beef; gently spiced and tender, ready in minutes.
神戸ビーフをごろっと煮込んだレトルトカレー。スパイスはまろやかでお肉はやわらか、温めるだけです。

gft|kobe|kan|jar|
神戶釘煮玉筋魚|Kobe Ikanago Kugini|神戸いかなごのくぎ煮
g100:520
春天瀨戶內海的玉筋魚以醬油、砂糖與生薑炊煮，形似彎曲的鐵釘，是神戶人家家戶戶的春之味。
Spring sand lance from the Seto Inland Sea simmered with soy, sugar and ginger until they curl like old nails: every Kobe family's taste of spring.
瀬戸内海の春のいかなごを醤油と砂糖、生姜で炊き上げた、神戸の家庭の春の味。曲がった釘のような姿が名前の由来です。

gft|nara|gft|box-m|
奈良漬禮盒|Narazuke Pickle Gift Box|奈良漬詰め合わせ
x1:680
瓜、小黃瓜、西瓜皮以酒粕反覆醃漬多年，色如琥珀、酒香醇厚，切薄片配飯或茶。
Gourd, cucumber and watermelon rind pickled repeatedly in sake lees for years until amber-coloured and mellow; slice thinly with rice or tea.
白瓜やきゅうり、すいかを酒粕で何度も漬け替えた奈良漬。琥珀色で芳醇、薄く切ってご飯やお茶と。

gft|nara|-|box-s|
吉野本葛粉|Yoshino Hon-Kuzu Starch|吉野本葛
g150:480
奈良吉野的葛根在寒冬以冷水反覆漂洗製成的純葛粉，可做葛湯、葛餅或勾芡。
Pure kudzu starch from Yoshino, Nara, washed repeatedly in icy winter water; use it for kuzu-yu, kuzu mochi or to thicken sauces.
奈良・吉野で寒の時期に冷水でさらしを重ねてつくる本葛。葛湯や葛もち、料理のとろみ付けに。

gft|wakayama|kan|box-m|*
紀州南高梅乾|Kishu Nanko Umeboshi|紀州南高梅干し
[蜂蜜梅 400g/Honey, 400 g/はちみつ梅 400g]:580;[紫蘇梅 400g/Shiso, 400 g/しそ梅 400g]:580;[白干梅 400g/Classic salted, 400 g/白干し梅 400g]:620
和歌山紀州南高梅果肉厚、皮薄，以傳統方式曬乾醃漬，有蜂蜜、紫蘇、傳統白干三種口味。
Thick-fleshed, thin-skinned Nanko plums from Kishu, Wakayama, sun-dried and pickled the traditional way: choose honey, shiso or classic salted.
和歌山・紀州南高梅は皮が薄く果肉が厚いのが特徴。昔ながらに天日干しして漬け込みました。はちみつ、しそ、白干しの3種類。

gft|wakayama|-|box-s|
高野山胡麻豆腐|Koyasan Sesame Tofu|高野山ごま豆腐
n3:360
高野山僧侶的精進料理，白芝麻與吉野葛製成，口感Q彈濃醇，淋上附贈的甜醬油享用。
A Buddhist temple dish from Mt Koya made with white sesame and Yoshino kuzu; springy, rich and served with the sweet soy sauce included.
高野山の精進料理。白ごまと吉野葛でつくる、もっちり濃厚なごま豆腐です。付属の甘口醤油をかけてどうぞ。

gft|wakayama|kan|bottle|
湯淺傳統釀造醬油|Yuasa Traditional Soy Sauce|湯浅たまり醤油
p1:380
和歌山湯淺是日本醬油的發源地，以杉木桶熟成兩年，香氣濃郁、鹹味圓潤。
Yuasa in Wakayama is the birthplace of Japanese soy sauce; aged two years in cedar barrels for deep aroma and a rounded saltiness.
和歌山・湯浅は醤油発祥の地。杉桶で二年熟成させた、香り豊かでまろやかな塩味の醤油です。

gft|wakayama|-|jar|
金山寺味噌|Kinzanji Miso|金山寺味噌
g300:420
加入瓜、茄子與生薑等蔬菜一起發酵的顆粒味噌，不是用來煮湯，而是直接配白飯或小黃瓜。
A chunky miso fermented with gourd, aubergine and ginger — not for soup, but to eat straight with rice or fresh cucumber.
瓜やなす、生姜などの野菜を一緒に発酵させたなめ味噌。汁物ではなく、ご飯やきゅうりにそのまま添えて。

gft|sapporo|-|bag-s|*
北海道干貝糖|Hokkaido Dried Scallops|北海道ほたて干し貝柱
g80:680
北海道鄂霍次克海產的干貝柱乾燥而成，越嚼越鮮甜，可直接吃或用來煮粥、燉湯。
Dried scallop adductors from Hokkaido's Sea of Okhotsk, sweeter the more you chew; eat as they are or use for congee and soups.
北海道オホーツク産のほたて貝柱を干し上げました。噛むほどに甘く、そのままでもお粥やスープにも。

gft|sapporo|-|box-m|
札幌湯咖哩組|Sapporo Soup Curry Kit|札幌スープカレー
s2:420
札幌發祥的湯咖哩，清爽的香料湯頭搭配大塊雞腿，只需加入烤蔬菜即可。
Sapporo's own soup curry: a light, aromatic spiced broth with a whole chicken leg; just add grilled vegetables.
札幌生まれのスープカレー。さらりとしたスパイススープに骨付き鶏もも肉入り。焼き野菜を添えるだけです。

gft|sapporo|-|jar|
北海道鮭魚鬆|Hokkaido Salmon Flakes|北海道鮭フレーク
g110:320
北海道秋鮭烤過後細細剝成魚鬆，鹹度適中，拌飯、做飯糰或茶泡飯都方便。
Hokkaido autumn salmon grilled and finely flaked, lightly salted; spoon onto rice, into onigiri or over ochazuke.
北海道産秋鮭を焼いてほぐしたフレーク。ほどよい塩加減で、ご飯やおにぎり、お茶漬けに。

gft|sendai|gft|box-m|*
仙台厚切燻牛舌|Sendai Smoked Beef Tongue|仙台厚切り牛たん燻製
g150:980
仙台名物厚切牛舌以鹽醃熟成後煙燻，切片即食，配啤酒或白飯都是極品。
Sendai's famous thick-cut beef tongue, salt-cured, aged and smoked; slice and serve with beer or rice.
仙台名物の厚切り牛たんを塩で熟成させ燻製に。スライスしてそのまま、ビールにもご飯にも。

gft|tokyo|-|box-m|
築地香鬆組合|Tsukiji Furikake Assortment|築地ふりかけ詰め合わせ
n6:420
築地場外市場老店的香鬆六種，鮭魚、鱈魚子、海苔芝麻等，一小袋配一碗飯。
Six furikake from an old shop at Tsukiji's outer market — salmon, cod roe, nori and sesame and more — one sachet per bowl of rice.
築地場外市場の老舗のふりかけ6種。鮭、たらこ、のりごまなど、小袋一つでご飯一杯分です。

gft+swt|tokyo|gft|box-xl|
東京名菓綜合禮盒|Tokyo Souvenir Assortment Box|東京銘菓詰め合わせ
x1:1280
淺草人形燒、銀座餅乾與東京香蕉蛋糕等東京人氣點心集結，一盒帶回東京的味道。
Tokyo's favourite sweets — Asakusa ningyo-yaki, Ginza cookies, banana custard cakes and more — in one box.
浅草の人形焼、銀座のクッキー、バナナカスタードケーキなど東京の人気菓子を一箱にまとめました。

gft|yokohama|-|box-s|
橫須賀海軍咖哩|Yokosuka Navy Curry|よこすか海軍カレー
n2:360;n5:850
重現明治時代日本海軍的咖哩食譜，溫和帶甜，附上牛奶與沙拉一起吃是傳統吃法。
Recreating the Japanese navy's Meiji-era curry recipe: mild and slightly sweet, traditionally served with milk and a salad.
明治時代の海軍カレーのレシピを再現した、まろやかで甘口のカレー。牛乳とサラダを添えるのが伝統です。

gft|nagoya|-|bag-m|
岡崎八丁味噌|Okazaki Hatcho Miso|岡崎八丁味噌
g400:320
只用黃豆與鹽在巨大木桶中熟成兩年以上的豆味噌，深褐色、味道濃郁微苦，是名古屋料理的基礎。
Soybean miso aged for over two years in giant wooden casks with only soybeans and salt: dark, rich, slightly bitter and the base of Nagoya cooking.
大豆と塩だけを大きな木桶で二年以上熟成させた豆味噌。濃い色と深いコクのある、名古屋めしの基本です。

gft|nagoya|-|box-s|
名古屋交趾雞咖哩|Nagoya Cochin Chicken Curry|名古屋コーチンカレー
n2:480
以日本三大土雞之一的名古屋交趾雞燉煮，肉質緊實有嚼勁，香料溫和。
Slow-cooked with Nagoya Cochin, one of Japan's three great heritage chickens: firm, flavourful meat in a mild spiced sauce.
日本三大地鶏のひとつ、名古屋コーチンをじっくり煮込んだカレー。歯ごたえのあるお肉とまろやかなスパイス。

gft+swt|kanazawa|gft|box-l|
金澤金箔禮盒|Kanazawa Gold Leaf Gift Box|金沢金箔ギフトセット
x1:1680
金箔仙貝、金箔煎茶與金箔羊羹一次收齊，打開就閃閃發亮，是最華麗的金澤伴手禮。
Gold-leaf senbei, gold-leaf sencha and gold-leaf yokan together in one glittering box: Kanazawa's most luxurious souvenir.
金箔せんべい、金箔入り煎茶、金箔羊羹を一箱に。開けた瞬間にきらめく、金沢らしい華やかなおみやげです。

gft|kanazawa|-|box-s|
加賀手毬麩|Kaga Temari-Fu Wheat Gluten|加賀の手まり麩
g30:380
做成手毬花紋的彩色麵麩，放入湯品或火鍋中即刻變得華麗，是加賀料理的點綴。
Colourful wheat-gluten balls patterned like temari, instantly brightening soups and hot pots: a touch of Kaga cuisine.
手まり模様の色とりどりのお麩。お吸い物や鍋に浮かべるだけで華やかになる、加賀料理の彩りです。

gft|hiroshima|-|jar|*
廣島牡蠣油漬|Hiroshima Oysters in Olive Oil|広島かきのオリーブオイル漬け
g100:580
肥美的廣島牡蠣先以醬油煎香，再浸入橄欖油中，配麵包、拌義大利麵都很適合。
Plump Hiroshima oysters seared with soy sauce and preserved in olive oil; serve with bread or toss through pasta.
ぷりぷりの広島かきを醤油で香ばしく焼き、オリーブオイルに漬けました。パンやパスタにどうぞ。

gft|hiroshima|-|bottle|
廣島燒專用醬|Hiroshima Okonomiyaki Sauce|広島お好み焼きソース
p1:220
加入椰棗與十多種蔬果熬煮的濃稠醬汁，甜味明顯，做廣島燒或炒麵必備。
A thick sauce simmered with dates and over a dozen fruits and vegetables, noticeably sweet; essential for Hiroshima okonomiyaki and yakisoba.
デーツと十数種類の野菜・果物を煮込んだ甘めのとろりとしたソース。広島のお好み焼きや焼きそばに欠かせません。

gft|fukuoka|-|bag-s|
博多明太子香鬆|Hakata Mentaiko Furikake|博多明太子ふりかけ
g50:260
真正的博多辣味明太子乾燥後做成的香鬆，辣度適中，拌飯、義大利麵或撒在奶油馬鈴薯上。
Furikake made with real dried Hakata mentaiko, pleasantly spicy; sprinkle on rice, pasta or buttered potatoes.
本物の博多辛子明太子を乾燥させたふりかけ。ほどよい辛さで、ご飯やパスタ、じゃがバターに。

gft|kagoshima|-|bag-m|*
枕崎本枯節柴魚片|Makurazaki Bonito Flakes|枕崎本枯節かつお削り節
g80:420
鹿兒島枕崎的鰹魚經多次燻製與發酵製成本枯節，現削成薄片，香氣濃厚。
Bonito from Makurazaki, Kagoshima, smoked and mould-cured many times into honkarebushi, then shaved thin for a deep aroma.
鹿児島・枕崎のかつおを何度も燻して黴付けした本枯節を薄く削りました。香り高い削り節です。

gft|okinawa|-|box-s|
沖繩滷三層肉|Okinawa Rafute Braised Pork|沖縄ラフテー
n2:420
以泡盛與黑糖慢燉的沖繩滷三層肉，軟嫩入口即化，隔水加熱即可享用。
Okinawan pork belly slow-braised with awamori and brown sugar until meltingly tender; just warm the pouch in hot water.
泡盛と黒糖でじっくり煮込んだ沖縄の豚の角煮。とろけるやわらかさで、湯せんで温めるだけです。

gft|okinawa|-|bag-s|
宮古島粉雪海鹽|Miyako Island Powder Sea Salt|宮古島のパウダー塩
g120:220
以宮古島珊瑚礁過濾的地下海水製成的粉雪狀海鹽，礦物質豐富，鹹味溫和。
Powder-fine sea salt made from seawater filtered through Miyako Island's coral rock: mineral-rich with a soft saltiness.
宮古島のサンゴ礁で濾過された地下海水からつくるパウダー状の塩。ミネラル豊富でまろやかな塩味です。

gft|shizuoka|-|box-s|
靜岡山葵鹽與香鬆組|Shizuoka Wasabi Salt & Furikake Set|静岡わさび塩とふりかけセット
e1:360
伊豆天城山葵做成的山葵鹽與山葵香鬆，配天婦羅、牛排或白飯都能帶出清爽辣香。
Wasabi salt and wasabi furikake made with Amagi wasabi from Izu: a clean heat for tempura, steak or plain rice.
伊豆・天城のわさびを使ったわさび塩とわさびふりかけ。天ぷらやステーキ、ご飯にさわやかな辛みを。
`

// ───────────────────────────── souvenirs ─────────────────────────────
const DATA_SOUVENIRS = `
sou|nagoya|-|figure-m|*
常滑燒招財貓|Tokoname Maneki-Neko|常滑焼の招き猫
[小（高8cm）/Small (8 cm)/小（高さ8cm）]:580;[中（高15cm）/Medium (15 cm)/中（高さ15cm）]:980;[大（高24cm）/Large (24 cm)/大（高さ24cm）]:1680
愛知常滑是招財貓的故鄉，陶瓷手繪，舉左手招客、舉右手招財，放在店頭或玄關都吉利。
Tokoname in Aichi is the home of the beckoning cat: hand-painted ceramic, with the left paw inviting customers and the right inviting fortune.
愛知・常滑は招き猫のふるさと。手描きの陶器で、左手は人を、右手はお金を招くといわれます。お店や玄関に。

sou|kyoto|-|cloth|*
京都手染手拭巾|Kyoto Hand-Dyed Tenugui|京都 手染め手ぬぐい
[櫻花/Sakura/桜]:380;[青海波/Seigaiha Waves/青海波]:380;[金魚/Goldfish/金魚]:380
以傳統注染技法手工染製的純棉手拭巾，可當毛巾、頭巾、包裝布或裱框當裝飾。
Cotton tenugui hand-dyed with the traditional chusen technique; use it as a towel, headscarf, gift wrap or frame it as art.
伝統の注染技法で一枚ずつ染めた綿の手ぬぐい。タオルや頭巾、ラッピング、額に入れて飾るのにも。

sou|kyoto|gft|furoshiki|*
京都包袱巾（70cm）|Kyoto Furoshiki Wrapping Cloth (70 cm)|京都 風呂敷（70cm）
[藍染/Indigo/藍]:680;[朱紅/Vermilion/朱]:680;[抹茶綠/Matcha Green/抹茶色]:680
可以包禮物、當環保購物袋或餐墊的多用途包袱巾，雙面染色，質感細緻。
A versatile wrapping cloth for gifts, as an eco shopping bag or a table mat; dyed on both sides with a fine texture.
贈り物を包んだり、エコバッグやランチョンマットにしたりと使い方いろいろ。両面染めの上質な風呂敷です。

sou|kyoto|-|chopsticks|
京都漆塗筷|Kyoto Lacquered Chopsticks|京都 漆塗り箸
[1雙/1 pair/1膳]:380;[夫婦筷（2雙）/Couple set (2 pairs)/夫婦箸（2膳）]:680
天然木筷反覆塗上漆再研磨，握感溫潤、筷尖防滑，附桐木盒適合送禮。
Natural wood chopsticks lacquered and polished many times over: warm in the hand with non-slip tips, in a paulownia gift box.
天然木に漆を何度も塗り重ねて研いだお箸。手になじみ、先端は滑りにくい加工。桐箱入りで贈り物に。

sou|kyoto|-|charm|
開運御守造型吊飾|Good-Luck Charm Pouch|開運お守り風チャーム
[健康/Good health/健康]:220;[學業/Study success/学業]:220;[戀愛/Love/恋愛]:220;[招財/Fortune/金運]:220
以西陣織布料製作的御守造型吊飾，可掛在包包或鑰匙圈上，祝福送給重要的人。
Omamori-style charms of Nishijin brocade to hang on a bag or keyring: a small wish for someone special.
西陣織の生地でつくったお守り風のチャーム。バッグや鍵につけて、大切な人への願いを込めて。

sou|nara|kan|plush|*
奈良小鹿絨毛娃娃|Nara Deer Plush|奈良の鹿ぬいぐるみ
[小（15cm）/Small (15 cm)/小（15cm）]:420;[大（30cm）/Large (30 cm)/大（30cm）]:880
奈良公園小鹿造型的絨毛娃娃，背上有白色斑點，觸感柔軟，大人小孩都喜歡。
A soft plush of a Nara Park deer with white spots on its back, lovely to hold for children and adults alike.
奈良公園の鹿をモデルにしたぬいぐるみ。背中の白い斑点がポイントで、ふわふわの手ざわりです。

sou|nara|-|small|
奈良筆（書法毛筆）|Nara-Fude Calligraphy Brush|奈良筆
i1:680
奈良是日本毛筆的發源地，職人混合多種動物毛手工製作，筆鋒柔韌好書寫。
Nara is the birthplace of Japanese writing brushes; crafted by hand from a blend of animal hair for a supple, responsive tip.
奈良は日本の筆づくりの発祥地。職人が数種類の毛を組み合わせて手づくりした、しなやかで書きやすい筆です。

sou|nara|gft|box-s|
奈良墨條|Nara-Zumi Ink Stick|奈良墨
i1:880
日本九成以上的墨產自奈良，以油煙與膠手工揉製並乾燥一年以上，研磨時散發淡淡香氣。
Over ninety percent of Japan's ink sticks come from Nara; hand-kneaded from soot and glue and dried for over a year, with a faint fragrance when ground.
日本の墨の九割以上を生産する奈良の墨。煤と膠を手で練り上げ一年以上乾燥させ、磨ると上品な香りがします。

sou|nara|mat|small|
高山竹製茶筅|Takayama Bamboo Matcha Whisk|高山茶筅
i1:880
奈良生駒高山是茶筅的故鄉，職人以一支竹子削出上百根細穗，點出綿密泡沫。
Takayama in Ikoma, Nara, is the home of the tea whisk: craftsmen split a single bamboo into over a hundred fine tines for a perfect froth.
奈良・生駒の高山は茶筅のふるさと。一本の竹から百本以上の穂を削り出し、きめ細かな泡を点てられます。

sou|osaka|-|figure-s|
大阪招福摸腳神公仔|Osaka Lucky Foot-Rubbing God|大阪 福の神の置物
i1:480
以新世界招福神為靈感的小陶瓷公仔，據說摸摸腳底就會帶來好運，笑臉非常療癒。
A little ceramic lucky god inspired by the one in Shinsekai; rub the soles of its feet for good fortune — the smile alone will cheer you up.
新世界の福の神をイメージした小さな陶器の置物。足の裏をなでると幸運が訪れるといわれ、笑顔に癒されます。

sou|osaka|-|small|*
章魚燒食品模型鑰匙圈|Takoyaki Food-Sample Keychain|たこ焼き食品サンプルキーホルダー
i1:350
日本食品模型職人製作，醬汁光澤與柴魚片都栩栩如生，逼真到讓人想咬一口。
Made by Japanese food-replica craftsmen, with glossy sauce and bonito flakes so realistic you'll want to take a bite.
食品サンプル職人がつくったキーホルダー。ソースのつやもかつお節もリアルで、思わず食べたくなります。

sou|osaka|gft|knife|
堺打刃物小刀|Sakai Forged Petty Knife|堺打刃物 ペティナイフ
i1:1880
大阪堺市六百年的打刃物傳統，職人鍛造的15cm小刀，鋒利好磨，適合切水果與小食材。
A 15 cm petty knife forged by craftsmen in Sakai, Osaka, drawing on six centuries of blade-making; razor-sharp and easy to hone.
大阪・堺の六百年続く打刃物の伝統を受け継ぐ職人が鍛えた15cmのペティナイフ。切れ味鋭く、研ぎやすい一本です。

sou|kobe|-|small|
神戶手工皮革零錢包|Kobe Handmade Leather Coin Purse|神戸レザーのコインケース
[焦糖棕/Caramel/キャメル]:980;[深藍/Navy/ネイビー]:980
神戶是日本皮革與製鞋重鎮，以植物鞣革手工縫製，越用色澤越溫潤。
Kobe is Japan's leather and shoemaking centre; hand-stitched from vegetable-tanned leather that deepens in colour with use.
革と靴の街・神戸で、タンニンなめしの革を手縫いで仕立てたコインケース。使うほどに味わいが増します。

sou|kobe|new|box-s|*
有馬溫泉入浴劑|Arima Onsen Bath Salts|有馬温泉の入浴剤
n5:380
重現神戶有馬溫泉「金泉」與「銀泉」的泡湯感受，在家也能享受溫泉氣氛。
Recreating the 'gold' and 'silver' springs of Arima Onsen in Kobe, so you can enjoy a hot-spring mood at home.
神戸・有馬温泉の「金泉」と「銀泉」をイメージした入浴剤。おうちで温泉気分をどうぞ。

sou|wakayama|-|box-s|*
紀州備長炭|Kishu Binchotan Charcoal|紀州備長炭
g200:480
和歌山紀州的高級白炭，放入水壺可使水質柔和，放在鞋櫃或冰箱可除濕除臭。
Premium white charcoal from Kishu, Wakayama; drop it into a water jug to soften the water, or use it to deodorise shoe cupboards and fridges.
和歌山・紀州の高級白炭。水差しに入れると水がまろやかに。下駄箱や冷蔵庫の消臭・除湿にも。

sou|wakayama|-|ceramic|
紀州漆器湯碗|Kishu Lacquerware Soup Bowl|紀州漆器の汁椀
[黑/Black/黒]:980;[朱/Vermilion/朱]:980
和歌山黑江地區的紀州漆器，木胎輕巧耐熱，盛味噌湯時手感溫暖。
Kishu lacquerware from Kuroe in Wakayama: a light, heat-resistant wooden bowl that feels warm in the hand with miso soup.
和歌山・黒江の紀州漆器。木地は軽くて熱に強く、お味噌汁を盛ると手にやさしいぬくもりが伝わります。

sou|wakayama|-|box-s|
高野山線香|Koyasan Incense Sticks|高野山のお香
i1:420
世界遺產高野山寺院使用的白檀線香，香氣沉穩清雅，適合冥想或放鬆時點燃。
Sandalwood incense of the kind used in the temples of Mt Koya, a World Heritage site; calm, refined and ideal for meditation or unwinding.
世界遺産・高野山の寺院で使われる白檀のお香。落ち着いた上品な香りで、瞑想やくつろぎの時間に。

sou|kyoto|mat|ceramic|*
清水燒抹茶碗|Kiyomizu-Yaki Matcha Bowl|清水焼の抹茶碗
i1:1480
京都清水燒窯元手工拉坯、上釉的抹茶碗，釉色如水流般變化，每一只都獨一無二。
A matcha bowl thrown and glazed by hand at a Kiyomizu-yaki kiln in Kyoto; the flowing glaze makes every bowl one of a kind.
京都・清水焼の窯元で一つずつ手づくりした抹茶碗。流れるような釉薬の景色は一点ごとに異なります。

sou|kyoto|-|fan|*
京扇子|Kyo-Sensu Folding Fan|京扇子
[櫻花/Sakura/桜]:780;[紅葉/Autumn Leaves/紅葉]:780
竹骨與和紙由京都職人分工製作的摺扇，開合流暢，附收納袋，夏天外出實用又優雅。
A folding fan of bamboo ribs and washi paper made by a team of Kyoto craftsmen; opens smoothly and comes with a pouch.
竹の骨と和紙を京都の職人が分業でつくる扇子。開閉がなめらかで、扇子袋付き。夏のお出かけに。

sou|kyoto|-|box-s|
京都線香|Kyoto Incense Sticks|京都のお香
[白檀/Sandalwood/白檀]:360;[櫻花/Sakura/桜]:360;[綠茶/Green tea/緑茶]:360
京都三百年香舖調配的短線香，煙少香雅，附陶瓷香座，放在玄關或書房。
Short incense sticks blended by a 300-year-old Kyoto incense house; low smoke, elegant scent, with a small ceramic holder.
京都の三百年続くお香屋が調合した短いお線香。煙が少なく上品な香りで、陶器の香立て付きです。

sou|kyoto|gft|small|
西陣織名片夾|Nishijin-Ori Card Case|西陣織の名刺入れ
i1:880
以京都西陣織的金銀絲錦緞製作，華麗中帶著沉穩，是送給商務人士的好禮。
Made from Kyoto's Nishijin brocade woven with gold and silver threads: striking yet refined, an ideal gift for business people.
京都の西陣織の金襴を使った名刺入れ。華やかさと落ち着きを兼ね備え、ビジネスシーンの贈り物に。

sou|tokyo|gft|ceramic|*
江戶切子玻璃杯|Edo Kiriko Cut-Glass Cup|江戸切子のグラス
[藍/Blue/瑠璃]:1680;[紅/Red/赤]:1680
東京傳統工藝江戶切子，在有色玻璃上手工切割出菊花、魚子紋，光線穿透時閃耀動人。
Edo kiriko, a Tokyo tradition: chrysanthemum and fish-roe patterns cut by hand through coloured glass that sparkles in the light.
東京の伝統工芸・江戸切子。色ガラスに菊つなぎや魚子の文様を手作業でカットし、光を受けて美しく輝きます。

sou|tokyo|new|figure-s|
開運達摩|Good-Luck Daruma|開運だるま
[小（7cm）/Small (7 cm)/小（7cm）]:380;[中（12cm）/Medium (12 cm)/中（12cm）]:680
許願時先畫上左眼，願望實現後再畫右眼，紅色達摩是新年與考試祈福的好物。
Paint in the left eye when you make a wish and the right one when it comes true: a red daruma for New Year and exam luck.
願いを込めて左目を、かなったら右目を描き入れます。お正月や受験の縁起物に。

sou|sendai|-|figure-s|*
鳴子木芥子娃娃|Naruko Kokeshi Doll|鳴子こけし
i1:880
宮城鳴子溫泉的傳統木芥子，頭部可以轉動發出「咕咕」聲，手繪菊花紋樣。
A traditional kokeshi from Naruko Onsen in Miyagi, hand-painted with chrysanthemums; its head squeaks when you turn it.
宮城・鳴子温泉の伝統こけし。手描きの菊模様で、首を回すと「キュッキュッ」と鳴ります。

sou|kanazawa|-|small|
金澤金箔手鏡|Kanazawa Gold Leaf Hand Mirror|金沢金箔の手鏡
i1:1280
背面以金澤金箔裝飾櫻花紋樣的小手鏡，放在化妝包中也很華麗。
A compact hand mirror backed with Kanazawa gold leaf in a cherry-blossom pattern, glamorous even in a make-up bag.
裏面を金沢の金箔で桜模様にあしらった手鏡。化粧ポーチの中でも華やかです。

sou|kanazawa|-|ceramic|
九谷燒茶杯|Kutani-Yaki Teacup|九谷焼の湯呑み
i1:980
石川九谷燒以紅、黃、綠、紫、藍五彩描繪，色彩濃艷，日常喝茶也多了份講究。
Kutani ware from Ishikawa painted in its five bold colours — red, yellow, green, purple and blue — to make everyday tea special.
石川の九谷焼。赤・黄・緑・紫・紺青の五彩で描いた色鮮やかな湯呑みで、毎日のお茶が特別な時間に。

sou|hiroshima|-|chopsticks|*
宮島飯杓|Miyajima Rice Paddle|宮島しゃもじ
i1:280
宮島是飯杓的發源地，以山櫻木削製，「舀取」勝利之意也常被用來祈求必勝。
Miyajima is the birthplace of the rice paddle; carved from wild cherry wood, it also symbolises 'scooping up' victory.
宮島はしゃもじ発祥の地。山桜の木から削り出したしゃもじは「勝ちを召し取る」縁起物でもあります。

sou|hiroshima|gft|small|
熊野化妝刷|Kumano Make-Up Brush|熊野筆のメイクブラシ
i1:1480
廣島熊野是日本毛筆之鄉，以筆職人技術製作的蜜粉刷，觸感細柔不刺激肌膚。
Kumano in Hiroshima is Japan's brush town; this powder brush is made with calligraphy-brush techniques for a silky, gentle touch.
広島・熊野は筆の町。筆職人の技術でつくったパウダーブラシは、肌あたりがやわらかくなめらかです。

sou|okinawa|-|ceramic|*
琉球玻璃杯|Ryukyu Glass Tumbler|琉球ガラスのグラス
[海藍/Ocean Blue/海の青]:880;[夕陽橘/Sunset Orange/夕日のオレンジ]:880
沖繩傳統吹製玻璃，杯身帶著細小氣泡，像沖繩的海一樣清透。
Traditional mouth-blown Okinawan glass with tiny bubbles in the body, as clear as the island sea.
沖縄の伝統的な吹きガラス。グラスに入った小さな気泡が、沖縄の海のように涼やかです。

sou|okinawa|-|figure-s|*
沖繩風獅爺一對|Okinawa Shisa Guardian Pair|沖縄シーサー（一対）
e1:680
張口的公風獅爺招來福氣，閉口的母風獅爺守住福氣，成對擺在門口守護家宅。
The open-mouthed male shisa invites good fortune and the closed-mouthed female keeps it in; place the pair at your door to guard the home.
口を開けた雄が福を招き、口を閉じた雌が福を守ります。一対で玄関に飾って家を守る魔除けに。

sou|okinawa|new|cloth|
紅型花紋托特包|Bingata-Pattern Tote Bag|紅型柄トートバッグ
i1:580
以沖繩傳統染色「紅型」的鮮豔花鳥圖案印製的帆布托特包，容量大、好搭配。
A canvas tote printed with the vivid flower-and-bird motifs of bingata, Okinawa's traditional dyeing; roomy and easy to style.
沖縄の伝統染色・紅型の色鮮やかな花鳥柄をプリントした帆布トート。たっぷり入って合わせやすいです。

sou|sapporo|-|figure-s|
北海道木雕熊|Hokkaido Carved Wooden Bear|北海道 木彫りの熊
i1:1280
北海道傳統的木雕熊擺飾，職人以刀痕刻出毛流，叼著鮭魚的姿態生動有力。
The classic Hokkaido carved bear, its fur shaped with knife strokes and a salmon in its mouth: bold and full of life.
北海道の伝統的な木彫りの熊。彫り跡で毛並みを表し、鮭をくわえた力強い姿です。

sou|sapporo|gft|box-s|*
小樽玻璃音樂盒|Otaru Glass Music Box|小樽ガラスのオルゴール
[櫻花/Sakura/桜]:1580;[雪花/Snowflake/雪の結晶]:1580
小樽運河畔工房手作的玻璃音樂盒，轉動發條就會響起清脆旋律，是浪漫的紀念品。
A glass music box hand-made in a workshop on the Otaru canal; wind it up for a clear, tinkling melody — a romantic keepsake.
小樽運河沿いの工房で手づくりしたガラスのオルゴール。ねじを巻くと澄んだ音色が響く、ロマンチックなおみやげです。

sou|shizuoka|new|ceramic|
富士山玻璃杯|Mt Fuji Glass Tumbler|富士山グラス
i1:680
杯底做成倒置的富士山造型，倒入飲料時就會出現藍色或紅色的富士山。
The base is shaped like an upside-down Mt Fuji, so a blue or red Fuji appears whenever you pour a drink.
底が逆さ富士の形になっていて、飲み物を注ぐと青富士や赤富士が現れるグラスです。

sou|yokohama|-|cloth|
橫濱絲綢手帕|Yokohama Silk Handkerchief|横浜シルクのハンカチ
i1:780
橫濱自開港以來就是絲綢出口港，以傳統手捺染印製港口風景，柔滑有光澤。
Yokohama has exported silk since its port opened; printed by traditional hand-screen dyeing with harbour scenes, smooth and lustrous.
開港以来シルクの輸出港として栄えた横浜。伝統の手捺染で港の風景を描いた、なめらかで光沢のあるハンカチです。

sou|nagoya|-|cloth|
有松絞染手帕|Arimatsu Shibori Handkerchief|有松絞りのハンカチ
i1:580
名古屋有松地區四百年的絞染技法，以手工紮綁染出獨特的立體紋樣。
Four centuries of tie-dyeing tradition from Arimatsu in Nagoya; each pattern is bound by hand for a unique, textured design.
名古屋・有松で四百年続く絞り染め。手で括って染め上げた、立体的で独特の模様です。
`

// ───────────────────────────── seasonal ─────────────────────────────
const DATA_SEASONAL = `
ssn+swt|kyoto|sak|box-s|*
京都道明寺櫻餅|Kyoto Domyoji Sakura Mochi|京都 道明寺桜餅
n6:380
粉紅色的道明寺糯米包著紅豆沙，外面再裹上一片鹽漬櫻葉，甜鹹交織的春天滋味。
Pink domyoji rice wrapped around red bean paste and then in a salted cherry leaf: the sweet-and-salty taste of spring.
桜色の道明寺でこしあんを包み、塩漬けの桜の葉で巻きました。甘じょっぱい春の味です。

ssn+swt|tokyo|sak|box-m|
櫻花奶油餅乾|Sakura Butter Cookies|桜バタークッキー
n12:420;n24:780
揉入鹽漬櫻花與櫻葉的粉紅奶油餅乾，櫻花形狀、香氣柔和，只在春天販售。
Pink, flower-shaped butter cookies made with salted cherry blossoms and leaves; gently fragrant and only sold in spring.
桜の花と葉の塩漬けを練り込んだ、桜の形のピンクのバタークッキー。春だけの限定品です。

ssn+drk|tokyo|sak|bag-s|
櫻花拿鐵粉|Sakura Latte Sticks|桜ラテ
k10:320
淡粉紅色的櫻花牛奶拿鐵，帶著櫻葉香與淡淡鹹味，熱飲冷飲都可。
A pale pink milky latte with the scent of cherry leaves and a hint of salt; enjoy it hot or iced.
桜の葉の香りとほんのりした塩味が広がる、淡いピンクのミルクラテ。ホットでもアイスでも。

ssn+tea|shizuoka|sak|tin|
櫻花煎茶|Sakura Sencha|桜煎茶
g50:420
靜岡煎茶中加入鹽漬八重櫻花瓣，沖泡時花瓣在茶中綻放，適合春日賞花。
Shizuoka sencha with salted double cherry blossoms that open in the cup as it brews: tea for a spring blossom picnic.
静岡の煎茶に八重桜の塩漬けを合わせました。お湯を注ぐと桜の花がふわりと開きます。

ssn+drk|osaka|sak|ramune|
櫻花彈珠汽水|Sakura Ramune|桜ラムネ
p1:85;p6:480
淡粉紅色的櫻花風味彈珠汽水，春天限定的瓶身上印著櫻花圖案。
Pale pink sakura-flavoured ramune in a spring-only bottle printed with cherry blossoms.
ほんのりピンクの桜風味のラムネ。春限定の桜柄のボトルです。

ssn+swt|nara|sak|box-s|
吉野櫻花白巧克力威化|Yoshino Sakura White Chocolate Wafers|吉野桜ホワイトチョコウエハース
n10:360
以奈良吉野山千本櫻為意象，酥脆威化夾入櫻花風味白巧克力，粉嫩可愛。
Inspired by the thousand cherry trees of Mt Yoshino in Nara: crisp wafers layered with sakura white chocolate.
奈良・吉野山の千本桜をイメージ。サクサクのウエハースに桜風味のホワイトチョコを重ねました。

ssn+swt|tokyo|sak|box-s|
上野櫻花銅鑼燒|Ueno Sakura Dorayaki|上野の桜どら焼き
n5:340
上野公園賞櫻季限定，粉紅餅皮夾入櫻花白豆沙與鹽漬櫻花，春意盎然。
A limited edition for the Ueno Park blossom season: pink pancakes filled with sakura white bean paste and a salted cherry blossom.
上野公園のお花見の季節限定。桜色の生地に桜の白あんと桜の塩漬けを挟みました。

ssn+tea|kyoto|sak|jar|
鹽漬櫻花（櫻花湯用）|Salted Cherry Blossoms for Sakura-Yu|桜の花の塩漬け（桜湯用）
g40:280
八重櫻花以梅醋與鹽醃漬，放一朵在熱水中就是喜慶的櫻花湯，也可裝飾甜點與飯糰。
Double cherry blossoms pickled in plum vinegar and salt; drop one into hot water for celebratory sakura-yu, or use to decorate sweets and onigiri.
八重桜を梅酢と塩で漬けました。一輪お湯に浮かべればお祝いの桜湯に。お菓子やおにぎりの飾りにも。

ssn+sou|osaka|sak|ceramic|
櫻花變色玻璃杯|Colour-Changing Sakura Glass|冷感桜グラス
i1:680
倒入冰涼飲料後，杯上的白色櫻花會慢慢變成粉紅色，是春天的小驚喜。
Pour in a cold drink and the white cherry blossoms on the glass slowly turn pink: a little spring surprise.
冷たい飲み物を注ぐと白い桜がピンク色に変わる、春の小さなサプライズグラスです。

ssn+drk|kyoto|new|bottle|
京都刨冰糖漿|Kyoto Kakigori Syrups|京都かき氷シロップ
[抹茶 1瓶/Matcha, 1 bottle/抹茶 1本]:320;[草莓 1瓶/Strawberry, 1 bottle/いちご 1本]:280;[三種口味組/Set of 3 flavours/3種セット]:780
京都甘味處的刨冰糖漿，宇治抹茶、草莓果粒與梅子三種口味，淋在刨冰或優格上。
Shaved-ice syrups from a Kyoto sweet shop in Uji matcha, chunky strawberry and ume; pour over kakigori or yoghurt.
京都の甘味処のかき氷シロップ。宇治抹茶、果肉入りいちご、梅の3種類。かき氷やヨーグルトに。

ssn+swt|kyoto|-|box-m|
京都水羊羹|Kyoto Mizu-Yokan|京都の水羊羹
n6:420
水分較多、口感水潤滑順的夏季羊羹，冰涼後入口即化，附小湯匙。
A summer yokan with more water for a silky, melting texture; chill before eating. Spoons included.
水分を多く含んだ、なめらかな夏の羊羹。よく冷やすと口の中ですっと溶けます。スプーン付き。

ssn+swt|wakayama|new|box-m|
紀之川白桃果凍|Kinokawa White Peach Jelly|紀の川白桃ゼリー
n6:520
和歌山紀之川流域的夏季白桃，半顆果肉放入果凍中，香甜多汁。
Summer white peaches from the Kinokawa valley in Wakayama, with half a peach in every juicy jelly.
和歌山・紀の川流域の夏の白桃を、半分まるごとゼリーに閉じ込めました。

ssn+sou|kyoto|-|fan|
京團扇|Kyo-Uchiwa Round Fan|京うちわ
[金魚/Goldfish/金魚]:680;[煙火/Fireworks/花火]:680
京都傳統團扇，細竹骨與和紙手工貼製，印上金魚或煙火的夏日圖樣。
A traditional Kyoto round fan of fine bamboo ribs and washi paper, printed with summery goldfish or fireworks.
細い竹の骨に和紙を手貼りした京都の伝統的なうちわ。金魚や花火の夏らしい柄です。

ssn+swt|kyoto|win|box-s|*
丹波栗金飩|Tamba Chestnut Kinton|丹波栗きんとん
n6:580
以秋天採收的丹波栗蒸熟後加少許砂糖做成茶巾絞，栗子的香甜原味。
Autumn-harvested Tamba chestnuts steamed, lightly sweetened and twisted in cloth into little mounds: pure chestnut flavour.
秋に収穫した丹波栗を蒸して少しの砂糖で茶巾絞りに。栗そのものの甘さと香りです。

ssn+swt|kobe|win|box-m|
神戶栗子費南雪|Kobe Chestnut Financiers|神戸の栗フィナンシェ
n6:480
焦化奶油費南雪中放入整顆糖漬栗子，秋冬限定的神戶洋菓子。
Browned-butter financiers with a whole candied chestnut inside: an autumn-and-winter Kobe pâtisserie special.
焦がしバターのフィナンシェに栗の甘露煮をまるごと一粒。秋冬限定の神戸の洋菓子です。

ssn+snk|kagoshima|win|bag-m|
鹿兒島烤地瓜脆片|Kagoshima Roasted Sweet Potato Chips|鹿児島焼きいもチップス
b1:220
秋冬盛產的鹿兒島地瓜先烤後切片烘乾，濃縮了烤地瓜的焦糖甜味。
Kagoshima sweet potatoes at their autumn best, roasted then sliced and dried to concentrate their caramel sweetness.
秋冬が旬の鹿児島のさつまいもを焼いてからスライスして乾燥。焼きいもの蜜のような甘さが凝縮しています。

ssn+snk|osaka|kan|bag-s|*
箕面紅葉天婦羅|Minoh Maple Leaf Tempura|箕面もみじの天ぷら
b1:280;b3:780
大阪箕面的名物，將鹽漬一年的楓葉裹上甜麵衣油炸，酥脆香甜，秋天更受歡迎。
A speciality of Minoh in Osaka: maple leaves salted for a year, then fried in a sweet batter until crisp — especially loved in autumn.
大阪・箕面の名物。一年塩漬けにしたもみじの葉に甘い衣をつけて揚げた、サクサクのお菓子です。

ssn+swt|wakayama|win|box-s|
和歌山安蒲柿|Wakayama Anpo-Gaki Dried Persimmons|和歌山あんぽ柿
n6:680
和歌山是日本第一的柿子產地，冬季以硫磺燻後半乾，果肉如果凍般濕潤甜美。
Wakayama grows more persimmons than anywhere in Japan; in winter they are half-dried until the flesh is soft, jelly-like and very sweet.
和歌山は柿の生産量日本一。冬に半生に干し上げたあんぽ柿は、ゼリーのようにとろりと甘い果肉です。

ssn+swt|fukuoka|win|box-s|
甘王草莓巧克力麻糬|Amaou Strawberry Chocolate Mochi|あまおういちごチョコ大福
n8:420
軟Q麻糬包著甘王草莓醬與草莓巧克力，冬春草莓季限定。
Soft mochi filled with Amaou strawberry jam and strawberry chocolate, only during the winter-to-spring strawberry season.
もちもちの大福の中にあまおういちごジャムといちごチョコ。冬から春のいちごの季節限定です。

ssn+swt|sapporo|win|box-s|
北海道雪人白巧克力|Hokkaido Snowman White Chocolates|北海道雪だるまホワイトチョコ
n12:480
以北海道鮮奶製成的雪人造型白巧克力，表情各異，札幌雪祭時期限定。
Snowman-shaped white chocolates made with Hokkaido milk, each with a different face; sold around the Sapporo Snow Festival.
北海道の牛乳でつくった雪だるまのホワイトチョコ。表情はひとつずつ違います。さっぽろ雪まつりの時期限定。

ssn+swt|kyoto|win|box-s|
京都丹波蜜黑豆|Kyoto Sweet Tamba Black Beans|京都 丹波黒豆の甘煮
g200:320
新年年菜必備的甜煮黑豆，以大顆丹波黑豆慢煮至皺紋不生，象徵勤勉健康。
The sweet black beans essential to New Year osechi, slow-simmered from large Tamba beans without wrinkling; a wish for a healthy, hard-working year.
おせちに欠かせない黒豆。大粒の丹波黒豆をしわ一つなくふっくら炊き上げました。まめに働き健康に過ごせますように。

ssn+drk|sapporo|win|box-s|
北海道牛奶熱可可|Hokkaido Milk Hot Chocolate|北海道ミルクココア
k10:380
北海道奶粉與可可調和的熱可可，濃郁奶香，雪天裡捧在手上的溫暖。
Hot chocolate blended with Hokkaido milk powder: rich, creamy and a warm cup to hold on a snowy day.
北海道産ミルクとココアを合わせた濃厚なホットココア。雪の日に手のひらから温まります。

ssn+sou|kyoto|win|figure-s|
2027未年生肖擺飾|2027 Year of the Goat Figurine|2027年 干支の未の置物
i1:580
京都窯元手繪的小羊陶瓷擺飾，迎接2027丁未年，放在玄關祈求一年平安。
A hand-painted ceramic goat from a Kyoto kiln to welcome 2027, the Year of the Goat; place it by the door for a peaceful year.
京都の窯元が手描きした未の陶器の置物。2027年の干支として玄関に飾り、一年の平安を願って。

ssn+swt|kobe|win|box-m|*
神戶德式聖誕麵包|Kobe Christmas Stollen|神戸シュトーレン
i1:880
神戶德國麵包店的傳統聖誕麵包，滿滿酒漬果乾與杏仁膏，每天切一片迎接聖誕節。
A traditional stollen from a German bakery in Kobe, packed with soaked dried fruit and marzipan; slice a piece each day until Christmas.
神戸のドイツパン店の伝統的なシュトーレン。洋酒漬けのドライフルーツとマジパンたっぷり。毎日少しずつ切ってクリスマスを待って。

ssn+snk|nara|-|bag-s|
節分福豆附鬼面具|Setsubun Lucky Beans with Oni Mask|節分の福豆（鬼のお面付き）
b1:160
二月節分撒豆驅鬼用的烘焙黃豆，附紙製鬼面具，撒完按年齡吃豆祈福。
Roasted soybeans for throwing at the oni on Setsubun in February, with a paper demon mask; afterwards eat one bean for each year of your age.
二月の節分の豆まき用の炒り大豆。紙の鬼のお面付き。豆をまいたら年の数だけ食べて福を呼び込みます。

ssn+snk|kyoto|sak|bag-s|
女兒節雛米果|Hina-Arare for Girls' Day|ひなあられ
b1:180
三月三日女兒節吃的彩色小米果，粉紅、綠、白代表春天，祝福女孩健康成長。
Colourful little rice puffs for the Doll Festival on 3 March; pink, green and white stand for spring and a wish for girls to grow up healthy.
三月三日のひな祭りに食べる色とりどりのあられ。桃・緑・白の春の色で、女の子の健やかな成長を願います。

ssn+swt|sendai|new|bag-s|
仙台七夕星星糖|Sendai Tanabata Star Candies|仙台七夕の星の飴
b1:220
以仙台七夕祭的彩色紙飾為靈感的星星造型水果糖，七種顏色代表七種願望。
Star-shaped fruit candies inspired by the colourful paper streamers of Sendai's Tanabata festival; seven colours for seven wishes.
仙台七夕まつりの色とりどりの吹き流しをイメージした星形のフルーツ飴。七色に七つの願いを込めて。

ssn+rmn|sendai|ram|kit|
仙台中華涼麵組|Sendai Hiyashi Chuka Kit|仙台冷やし中華
s2:300
據說發源於仙台的夏季涼麵，酸甜醬油醋汁淋在冰涼捲麵上，鋪上小黃瓜、蛋絲與火腿。
Said to have been born in Sendai: chilled curly noodles with a tangy soy-vinegar dressing, topped with cucumber, egg and ham.
仙台発祥といわれる夏の麺。冷たいちぢれ麺に甘酸っぱい醤油だれをかけ、きゅうりや錦糸卵、ハムをのせて。
`

// ───────────────────────────── build ─────────────────────────────

/** FNV-1a 32-bit hash, the seed of every pseudo-random decision. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
/** A deterministic number in [0, 1) for a key. */
function rand(key: string): number {
  let t = (hash(key) + 0x6d2b79f5) >>> 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const randInt = (key: string, min: number, max: number) => min + Math.floor(rand(key) * (max - min + 1))

type Source = {
  cats: string[]
  city: string
  trend: string | null
  pack: string
  best: boolean
  name: L
  variants: { label: L; price: number }[]
  description: L
}

function fail(message: string): never {
  throw new Error(message)
}

function parseVariant(token: string, where: string): { label: L; price: number } {
  const custom = /^\[(.+?)\/(.+?)\/(.+?)\]:(\d+)$/.exec(token)
  if (custom) return { label: l(custom[1]!, custom[2]!, custom[3]!), price: Number(custom[4]) }
  const unit = /^([a-z])(\d+):(\d+)$/.exec(token)
  if (!unit) fail(`${where}: bad variant "${token}"`)
  const make = UNITS[unit[1]!] ?? fail(`${where}: unknown unit "${unit[1]}"`)
  return { label: make(Number(unit[2])), price: Number(unit[3]) }
}

function parseBlocks(data: string): Source[] {
  return data
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split('\n').map((line) => line.trim())
      const where = lines[1] ?? block.slice(0, 40)
      if (lines.length !== 6) fail(`${where}: expected 6 lines, got ${lines.length}`)
      const [head, names, variants, zh, en, ja] = lines as [string, string, string, string, string, string]
      const [cats, city, trend, pack, flags] = head.split('|')
      const [nameZh, nameEn, nameJa] = names.split('|')
      if (!cats || !city || !trend || !pack || flags === undefined || !nameZh || !nameEn || !nameJa) fail(`${where}: bad header or names`)
      if (!PACKS[pack]) fail(`${where}: unknown pack "${pack}"`)
      return {
        cats: cats.split('+').map((code) => CATEGORY_CODES[code]?.slug ?? fail(`${where}: unknown category "${code}"`)),
        city: CITIES.some((c) => c.slug === city) ? city : fail(`${where}: unknown city "${city}"`),
        trend: trend === '-' ? null : (TREND_CODES[trend] ?? fail(`${where}: unknown trend "${trend}"`)),
        pack,
        best: flags.includes('*'),
        name: l(nameZh, nameEn, nameJa),
        variants: variants.split(';').map((token) => parseVariant(token.trim(), where)),
        description: l(zh, en, ja),
      }
    })
}

const SOURCES: Source[] = [DATA_SNACKS, DATA_SWEETS, DATA_DRINKS, DATA_RAMEN, DATA_TEA, DATA_GIFTS, DATA_SOUVENIRS, DATA_SEASONAL].flatMap(parseBlocks)

const EXPIRY_FROM = Date.UTC(2027, 1, 1)
const EXPIRY_TO = Date.UTC(2028, 5, 30)
const DAY = 86_400_000
const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step)
const hotCities = new Set(CITIES.filter((c) => c.hot).map((c) => c.slug))

function build(): CatalogueFile {
  const counters = new Map<string, number>()
  const drafts = SOURCES.map((src) => {
    const prefix = CATEGORY_CODES[CATEGORIES.find((c) => c.slug === src.cats[0])!.code]!.prefix
    const n = (counters.get(prefix) ?? 0) + 1
    counters.set(prefix, n)
    return { src, sku: `${prefix}-${String(n).padStart(4, '0')}` }
  })

  // Exactly ~10% pre-order and ~8% sold out, picked by hash so the choice is stable.
  const byHash = (salt: string) => [...drafts].sort((a, b) => rand(a.sku + salt) - rand(b.sku + salt))
  const preOrder = new Set(byHash(':pre').slice(0, Math.round(drafts.length * 0.1)).map((d) => d.sku))
  const soldOut = new Set(
    byHash(':out')
      .filter((d) => !preOrder.has(d.sku) && !d.src.best)
      .slice(0, Math.round(drafts.length * 0.08))
      .map((d) => d.sku),
  )

  const usedRanks = new Set<number>()
  const products = drafts.map(({ src, sku }) => {
    const isFood = !src.cats.includes('souvenirs')
    const pre = preOrder.has(sku)
    const [len, wid, hei, wt] = PACKS[src.pack]!
    const jitter = (k: string) => 0.92 + rand(`${sku}:${k}`) * 0.16
    let rank = randInt(`${sku}:rank`, 120, 760) + (src.best ? 220 : 0) + (hotCities.has(src.city) ? 20 : 0)
    rank = Math.min(rank, 1000)
    while (usedRanks.has(rank)) rank = rank > 1 ? rank - 1 : rank + 1
    usedRanks.add(rank)
    const expiry = isFood ? new Date(EXPIRY_FROM + randInt(`${sku}:exp`, 0, Math.round((EXPIRY_TO - EXPIRY_FROM) / DAY)) * DAY).toISOString().slice(0, 10) : null
    const lower = sku.toLowerCase()
    return {
      sku,
      name: src.name,
      description: src.description,
      categories: src.cats,
      city: src.city,
      trend_group: src.trend,
      status: 'ACTIVE' as const,
      stock_type: pre ? ('PRE_ORDER' as const) : ('OFF_SHELF' as const),
      expiry_date: expiry,
      arrival_days: pre ? randInt(`${sku}:arr`, 14, 45) : randInt(`${sku}:arr`, 3, 10),
      size: {
        length: round(len * jitter('l'), 0.5),
        width: round(wid * jitter('w'), 0.5),
        height: round(hei * jitter('h'), 0.5),
        weight: round(wt * jitter('g'), 5),
      },
      rank,
      images: [`/images/products/${lower}.svg`, `/images/products/${lower}-2.svg`],
      variants: src.variants.map((variant, i) => ({
        sku: `${sku}-${String.fromCharCode(65 + i)}`,
        label: variant.label,
        price: variant.price,
        stock_left: soldOut.has(sku) ? 0 : Math.max(3, Math.round(randInt(`${sku}:stock:${i}`, 3, 200) / (1 + i * 0.6))),
      })),
    }
  })

  return {
    categories: CATEGORIES.map((c, i) => ({ slug: c.slug, name: c.name, position: i + 1 })),
    cities: CITIES.map((c, i) => ({
      slug: c.slug,
      name: c.name,
      prefecture: c.prefecture,
      picture: `/images/cities/${c.slug}.svg`,
      is_hot: Boolean(c.hot),
      position: i + 1,
    })),
    trend_groups: TREND_GROUPS.map((t, i) => ({
      slug: t.slug,
      name: t.name,
      description: t.description,
      picture: `/images/trend-groups/${t.slug}.svg`,
      position: i + 1,
    })),
    products,
  }
}

const catalogue = build()
const parsed = v.safeParse(CatalogueFileSchema, catalogue)
if (!parsed.success) {
  for (const issue of parsed.issues.slice(0, 20)) console.error(v.getDotPath(issue), issue.message)
  process.exit(1)
}
const names = new Set<string>()
for (const p of catalogue.products) {
  for (const key of ['zh_tw', 'en', 'ja'] as const) {
    const id = `${key}:${p.name[key]}`
    if (names.has(id)) fail(`duplicate name ${id}`)
    names.add(id)
  }
}
const out = resolve(dirname(fileURLToPath(import.meta.url)), '../server/db/seed/catalogue.json')
writeFileSync(out, `${JSON.stringify(catalogue, null, 2)}\n`)
console.log(`wrote ${catalogue.products.length} products to ${out}`)

// the kana readings of its Japanese names, worked out here once: a shop seeding this catalogue
// stores them and never loads the 300 MB dictionary at its start (decision 0069)
const readings = await japaneseReadings([...catalogue.categories, ...catalogue.cities, ...catalogue.products].map((entry) => entry.name.ja))
const readingsOut = resolve(dirname(out), 'readings.json')
writeFileSync(readingsOut, `${JSON.stringify(Object.fromEntries([...readings].map(([text, reading]) => [text, reading.hiragana]).sort(([a], [b]) => (a! < b! ? -1 : 1))), null, 1)}\n`)
console.log(`wrote ${readings.size} readings to ${readingsOut}`)
