/**
 * Where Trove delivers (PRODUCT.md §3 Address): the four Hong Kong regions with their 18
 * districts, and Macau. An address names one region and one district of it.
 */
export const DELIVERY_REGIONS = [
  { region: '香港島', districts: ['中西區', '灣仔區', '東區', '南區'] },
  { region: '九龍', districts: ['油尖旺區', '深水埗區', '九龍城區', '黃大仙區', '觀塘區'] },
  { region: '新界', districts: ['葵青區', '荃灣區', '屯門區', '元朗區', '北區', '大埔區', '沙田區', '西貢區'] },
  { region: '離島', districts: ['離島區'] },
  { region: '澳門', districts: ['澳門半島', '氹仔', '路氹城', '路環'] },
] as const;

export type DeliveryRegion = (typeof DELIVERY_REGIONS)[number]['region'];
export const REGION_NAMES = DELIVERY_REGIONS.map((r) => r.region) as [DeliveryRegion, ...DeliveryRegion[]];

/** The districts of a region (empty for an unknown region). */
export function districtsOf(region: string): readonly string[] {
  return DELIVERY_REGIONS.find((r) => r.region === region)?.districts ?? [];
}

/** The 18 districts of Hong Kong (the four regions, Macau excluded). */
export const HK_DISTRICTS: readonly string[] = DELIVERY_REGIONS.filter((r) => r.region !== '澳門').flatMap((r) => [
  ...r.districts,
]);
