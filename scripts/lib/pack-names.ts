/** The words the benchmarks put before a seed product's name to make more products of it (bench:search, bench:memory). */
export const PACK_NAMES = [
  { en: 'Premium', zh: '特選', ja: '特選' },
  { en: 'Limited', zh: '限定', ja: '限定' },
  { en: 'Family Pack', zh: '家庭號', ja: 'ファミリーパック' },
  { en: 'Gift Box', zh: '禮盒', ja: 'ギフトボックス' },
  { en: 'Mini', zh: '迷你', ja: 'ミニ' },
] as const
